"""assistant: reads word games from the screen or a screenshot, and finds the best words."""

import os

__version__ = "0.2.0"
DISTRIBUTION = "wordgame-assistant"  # the name it is installed by (pip, pipx); its folders' too

MAX_IMAGE_PIXELS = 80_000_000  # 8K x 8K is 67 MP; a 4K screenshot is 8.3 MP

# OpenCV reads these once, when it is loaded, so they are set before any of our modules loads
# it: its decoders refuse a larger image from its header (a decompression bomb is never
# allocated), and a file it cannot decode is ours to report, in one line
os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_IMAGE_PIXELS))
os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
# numpy's OpenBLAS starts a spinning thread per core when numpy loads, for matrices far larger
# than ours (a few 3-vectors a pixel): one thread saves ~0.1 s of a 0.5 s cold solve
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
