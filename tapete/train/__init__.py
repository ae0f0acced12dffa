"""Training tapete's learned bots (`tapete train`; extra `train` for the learner).

The self-play actors (`teacher`, `selfplay`) need numpy alone; the learner
(`learner`) needs PyTorch, imported only when training runs. Nothing
outside this package imports it.
"""
