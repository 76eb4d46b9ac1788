"""One small ONNX network run on the CPU: the seam every vision model goes through.

The models are trained in the project (``tools/``) and shipped as ONNX files in
``companion/vision/models/``; nothing is downloaded at run time. They run with ONNX Runtime
(``onnxruntime``, a declared dependency, with wheels for x86-64 and the Pi's aarch64): on this
project's small networks it is three to four times faster than OpenCV's ``cv2.dnn``, which
spends most of a small network's time in layout changes and per-call overhead (measured in
``docs/PERFORMANCE.md``, "Network runtime"). ``cv2.dnn`` stays as the fallback when ONNX
Runtime cannot be imported, so a machine without it still reads, only slower.

A model may have an 8-bit twin beside it (``NAME_int8.onnx``, activations in 8 bits and
weights in 7, quantized by ``tools/quantize_models.py``): ONNX Runtime runs the twin instead
(about twice as fast on a vector CPU with integer dot products, like the Pi 5's; a third
faster on an x86 CPU with AVX2 only, where 7-bit weights keep the 16-bit sums from
saturating); ``cv2.dnn``, which cannot run such a model, runs the original. Only models whose
readings the twin keeps get one (measured in ``docs/PERFORMANCE.md``).

Contract: :meth:`OnnxNet.run` takes one float32 NCHW array and returns the network's first
output as float32. One session runs single-threaded (:data:`THREADS`: the Pi's other cores
serve the web app and the camera); an instance may be shared between threads when it runs on
ONNX Runtime (its sessions are thread-safe), and is thread-confined on ``cv2.dnn``.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]

#: Threads one network may use. One: a read is a few milliseconds and the other cores have
#: their own work (the settle watch, the web app); the benches measure single-threaded.
THREADS = 1
#: Set ``COMPANION_ONNX_RUNTIME=cv2`` to force OpenCV's runtime (comparisons, a machine where
#: ONNX Runtime misbehaves).
RUNTIME_ENV = "COMPANION_ONNX_RUNTIME"
#: Set ``COMPANION_ONNX_INT8=0`` to run the original models even where an 8-bit twin exists
#: (comparisons, making new twins).
INT8_ENV = "COMPANION_ONNX_INT8"


@functools.cache
def one_blas_thread() -> None:
    """Limit numpy's BLAS (OpenBLAS in its wheels) to :data:`THREADS` threads, once per process.
    Its pool would otherwise put a spinning thread on every core for each small matrix product
    (the card reader's descriptor matches): on this machine about 100 ms of the other core's
    time per 20-card frame, for no gain in wall time (`threadpoolctl`, made for this)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=THREADS, user_api="blas")


def int8_twin(path: Path) -> Path:
    """Where ``path``'s 8-bit twin is (whether or not it exists)."""
    return path.with_name(f"{path.stem}_int8{path.suffix}")


def _ort_wanted() -> bool:
    return os.environ.get(RUNTIME_ENV, "").lower() != "cv2"


@functools.cache
def _ort_installed() -> bool:
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


def model_file(path: Path) -> Path:
    """The file a network loaded from ``path`` actually runs: its 8-bit twin
    (:func:`int8_twin`) when ONNX Runtime will run it and the twin exists, else ``path``."""
    twin = int8_twin(path)
    wanted = _ort_wanted() and os.environ.get(INT8_ENV, "1") != "0"
    return twin if wanted and _ort_installed() and twin.is_file() else path


def _ort_session(path: Path) -> Any | None:
    """An ONNX Runtime session on the CPU, or ``None`` when ONNX Runtime is unavailable or
    turned off by :data:`RUNTIME_ENV`."""
    if not (_ort_wanted() and _ort_installed()):
        return None
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = THREADS
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.log_severity_level = 3
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


class OnnxNet:
    """A network loaded from ``path`` (raises :class:`FileNotFoundError` naming ``what`` when
    the file is missing); :attr:`file` is the file it runs (:func:`model_file`)."""

    def __init__(self, path: Path, what: str = "vision model") -> None:
        if not path.is_file():
            raise FileNotFoundError(f"the {what} is missing: {path}")
        self.path = path
        self.file = model_file(path)
        one_blas_thread()
        self._session = _ort_session(self.file)
        self._input = self._session.get_inputs()[0].name if self._session is not None else ""
        self._net = cv2.dnn.readNetFromONNX(str(path)) if self._session is None else None

    @property
    def runtime(self) -> str:
        """``"onnxruntime"`` or ``"cv2.dnn"``."""
        return "onnxruntime" if self._session is not None else "cv2.dnn"

    def run(self, x: FloatArray) -> FloatArray:
        """The network's first output for the NCHW float32 batch ``x``."""
        x = np.ascontiguousarray(x, dtype=np.float32)
        if self._session is not None:
            return np.asarray(self._session.run(None, {self._input: x})[0], np.float32)
        assert self._net is not None
        self._net.setInput(x)
        return np.asarray(self._net.forward(), np.float32)
