"""tapete: play and study Bacan, Buracco, Nacho Loco, Boon and WANTED."""

import os

__version__ = "0.1.0"

# The learned bots' networks multiply small matrices once per decision: BLAS threads cost more
# than they save there (a Nacho Loco decision's network went from 0.17 ms to 1.7 ms on a busy
# machine with them), and tapete runs matches in processes of its own (--jobs, the server's
# thinking processes). Set here, before anything of tapete imports numpy; a variable the user
# set wins.
for _blas in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_blas, "1")
