"""(room docstring)"""
