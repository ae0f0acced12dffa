"""One compressor for every socket (tapete.server.wire.deflate): each message stands alone on the wire.

The sockets' messages interleave through the process's compressor; each must inflate on its own
(a client told `server_no_context_takeover` may start every message afresh) and also through a
client that keeps its inflater, as most do."""

from __future__ import annotations

import json
import random
import zlib

from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory, PerMessageDeflate
from websockets.frames import Frame, Opcode

from tapete.server.wire.deflate import SharedDeflate, SharedDeflateFactory


def negotiated(min_bytes: int = 0) -> tuple[list[tuple[str, str | None]], PerMessageDeflate, PerMessageDeflate]:
    """A server's and a client's side of one socket, as a browser's offer and our answer make them."""
    client_factory = ClientPerMessageDeflateFactory(client_max_window_bits=True)
    offer = client_factory.get_request_params()
    server_factory = SharedDeflateFactory(
        min_bytes, server_max_window_bits=12, client_max_window_bits=12, compress_settings={"memLevel": 8, "level": 1}
    )
    answer, server = server_factory.process_request_params(offer, [])
    client = client_factory.process_response_params(answer, [])
    return answer, server, client


def state_text(rng: random.Random, size: int) -> bytes:
    words = ["oro", "copa", "espada", "basto", "comodín", "Ana", "Bea", "legal", "seat", "view"]
    return json.dumps({"type": "state", "words": [rng.choice(words) for _ in range(size)]}).encode()


def test_the_answer_says_no_context_takeover() -> None:
    answer, server, _client = negotiated()
    assert ("server_no_context_takeover", None) in answer
    assert isinstance(server, SharedDeflate) and server.local_no_context_takeover


def test_interleaved_messages_each_inflate_alone_and_through_a_kept_inflater() -> None:
    rng = random.Random(3)
    sockets = [negotiated() for _ in range(3)]
    for step in range(300):
        _answer, server, client = sockets[rng.randrange(3)]
        data = state_text(rng, rng.choice([3, 40, 400, 2000]))  # some past the 4 kB window
        frame = server.encode(Frame(Opcode.TEXT, data))
        assert frame.rsv1 and len(frame.data) < len(data) + 16, step
        alone = zlib.decompressobj(wbits=-12)  # a client that starts every message afresh
        assert alone.decompress(frame.data + b"\x00\x00\xff\xff") == data
        assert client.decode(frame).data == data  # one that keeps its inflater


def test_control_frames_are_left_alone() -> None:
    _answer, server, _client = negotiated()
    ping = Frame(Opcode.PING, b"1234")
    assert server.encode(ping) is ping


def test_a_short_message_goes_uncompressed_and_still_reads() -> None:
    """Below `min_bytes` a message goes as it is (RSV1 unset, RFC 7692 allows it per message);
    a client that negotiated deflate reads both kinds, interleaved."""
    rng = random.Random(9)
    _answer, server, client = negotiated(min_bytes=1000)
    assert isinstance(server, SharedDeflate)
    for step in range(200):
        data = state_text(rng, rng.choice([3, 40, 150, 400]))
        frame = server.encode(Frame(Opcode.TEXT, data))
        assert frame.rsv1 == (len(data) >= 1000), (step, len(data))
        assert client.decode(frame).data == data
