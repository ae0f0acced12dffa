"""tapete: play and study Bacan, Buracco, Nacho Loco, Boon and WANTED."""

__version__ = "0.1.0"
