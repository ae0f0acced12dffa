"""permessage-deflate with one compressor for every socket of the process.

With context takeover (the default), each socket keeps its own compressor:
~40 kB of window, hash chains and buffers, touched once a second or two at
a person's pace and so cold in the cache at every message. With 6,400
sockets that was the largest single cost of a message (docs/cluster.md).
The server here says `server_no_context_takeover` instead: no message of
ours refers to an earlier one, so every socket's messages may come out of
one compressor, which stays warm. After each message it is flushed with
Z_FULL_FLUSH, which ends the message on a byte boundary (the same empty
block a sync flush ends with, taken off as RFC 7692 says) and forgets the
message, so the next one, for whichever socket, starts clean. The client's
side does not change: it inflates each message on its own, as the
parameter tells it it may.

A message is sent as one frame here (the server never fragments); a
fragmented one would take the library's own per-message compressor.

A message shorter than `min_bytes` goes uncompressed (RSV1 unset, as RFC
7692 allows any message): compressing a message alone costs about as much
as the raw compression of three such messages (the flush ends a block and
its Huffman trees every time), ~20 µs for a 1.4 kB state here, and at a
person's pace that was a tenth of the server's work per action to save
~1 kB that a phone receives about once a second.
"""

from __future__ import annotations

import zlib
from typing import Any

from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import CTRL_OPCODES, Frame, Opcode

_EMPTY_BLOCK = b"\x00\x00\xff\xff"  # what a sync or full flush ends with; RFC 7692 leaves it out
# the process's compressors, by window size and settings (a loop's thread uses them one call at a time)
_ENCODERS: dict[tuple[int, tuple[tuple[str, Any], ...]], Any] = {}


class SharedDeflate(PerMessageDeflate):
    """The extension of one socket: incoming messages as the library inflates them; outgoing ones
    through the process's compressor for this window size."""

    def __init__(self, *args: Any, min_bytes: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.min_bytes = min_bytes  # shorter messages go uncompressed
        key = (self.local_max_window_bits, tuple(sorted(self.compress_settings.items())))
        if key not in _ENCODERS:
            _ENCODERS[key] = zlib.compressobj(wbits=-self.local_max_window_bits, **self.compress_settings)
        self.shared = _ENCODERS[key]

    def encode(self, frame: Frame) -> Frame:
        if frame.opcode in CTRL_OPCODES:
            return frame
        if frame.opcode is Opcode.CONT or not frame.fin:
            return super().encode(frame)  # (never sent here: see the module's note)
        payload, compressed = self.squeeze(frame.data)
        return Frame(frame.opcode, payload, frame.fin, compressed, frame.rsv2, frame.rsv3) if compressed else frame

    def squeeze(self, data: bytes | bytearray | memoryview) -> tuple[bytes | bytearray | memoryview, bool]:
        """A whole message's payload, and whether it is compressed (RSV1 on its frame): on its own,
        or as it is when shorter than `min_bytes`."""
        if len(data) < self.min_bytes:
            return data, False
        out = self.shared.compress(data) + self.shared.flush(zlib.Z_FULL_FLUSH)
        assert out[-4:] == _EMPTY_BLOCK
        return out[:-4], True


class SharedDeflateFactory(ServerPerMessageDeflateFactory):
    """websockets' server side of permessage-deflate, saying `server_no_context_takeover` and
    compressing through the shared compressor."""

    def __init__(self, min_bytes: int = 0, **kwargs: Any) -> None:
        super().__init__(server_no_context_takeover=True, **kwargs)
        self.min_bytes = min_bytes

    def process_request_params(self, params: Any, accepted_extensions: Any) -> tuple[Any, PerMessageDeflate]:
        response, made = super().process_request_params(params, accepted_extensions)
        return response, SharedDeflate(
            made.remote_no_context_takeover,
            True,
            made.remote_max_window_bits,
            made.local_max_window_bits,
            made.compress_settings,
            min_bytes=self.min_bytes,
        )


__all__ = ["SharedDeflate", "SharedDeflateFactory"]
