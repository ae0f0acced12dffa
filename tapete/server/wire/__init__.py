"""How bytes reach the application and leave it: uvicorn's configuration and protocols (HTTP/1.1
with limits on connections, WebSocket with a cheaper permessage-deflate and one compressor for
every socket), and the limits on what is received (bodies, requests per address).

It imports only `ops` among the server's rooms (tests/structure/test_server_layers.py).
"""
