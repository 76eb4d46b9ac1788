"""The network runtime seam: ONNX Runtime when present, ``cv2.dnn`` otherwise, same answers."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.vision import onnx_net
from companion.vision.dice import CLASSIFIER_FILE, DETECTOR_FILE
from companion.vision.onnx_net import OnnxNet


def test_onnx_runtime_is_the_runtime_when_installed() -> None:
    pytest.importorskip("onnxruntime")
    assert OnnxNet(CLASSIFIER_FILE).runtime == "onnxruntime"


@pytest.mark.parametrize("path,shape", [(CLASSIFIER_FILE, (5, 3, 32, 32)),
                                        (DETECTOR_FILE, (1, 3, 128, 160))])
def test_both_runtimes_give_the_same_outputs(path: Path, shape: tuple[int, ...],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    x = np.random.default_rng(3).uniform(-1, 1, shape).astype(np.float32)
    fast = OnnxNet(path).run(x)
    monkeypatch.setenv(onnx_net.RUNTIME_ENV, "cv2")
    slow_net = OnnxNet(path)
    assert slow_net.runtime == "cv2.dnn"
    slow = slow_net.run(x)
    assert fast.shape == slow.shape and fast.dtype == np.float32
    assert np.allclose(fast, slow, atol=1e-3), float(np.abs(fast - slow).max())


def test_a_missing_model_is_named(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"dice model is missing: .*nothing\.onnx"):
        OnnxNet(tmp_path / "nothing.onnx", "dice model")


def test_a_network_leaves_numpys_blas_one_thread() -> None:
    """Loading a network limits numpy's BLAS pool to the runtime's thread count: a spinning
    pool on every core would take the Pi's other cores from the web app and the camera."""
    from threadpoolctl import threadpool_info

    OnnxNet(CLASSIFIER_FILE)
    blas = [lib for lib in threadpool_info() if lib["user_api"] == "blas"]
    assert blas, "numpy links a BLAS"
    assert all(lib["num_threads"] == onnx_net.THREADS for lib in blas)


def test_onnx_runtime_runs_a_models_8_bit_twin_and_cv2_the_original(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("onnxruntime")
    from companion.vision.cards.embedding import EMBEDDER_FILE

    twin = onnx_net.int8_twin(EMBEDDER_FILE)
    assert twin.name == "card_embedder_int8.onnx" and twin.is_file()
    assert OnnxNet(EMBEDDER_FILE).file == twin
    assert OnnxNet(CLASSIFIER_FILE).file == CLASSIFIER_FILE  # no twin: the original
    monkeypatch.setenv(onnx_net.INT8_ENV, "0")
    assert OnnxNet(EMBEDDER_FILE).file == EMBEDDER_FILE
    monkeypatch.delenv(onnx_net.INT8_ENV)
    monkeypatch.setenv(onnx_net.RUNTIME_ENV, "cv2")
    slow = OnnxNet(EMBEDDER_FILE)
    assert slow.runtime == "cv2.dnn" and slow.file == EMBEDDER_FILE


def test_the_embedders_8_bit_twin_describes_cards_as_the_original_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin's descriptors of drawn cards point the same way as the original's (cosine
    over 0.995), and any two cards are as alike by the twin as by the original (within 0.03):
    what enrollment and reading compare."""
    pytest.importorskip("onnxruntime")
    from companion.vision.cards.embedding import Embedder
    from companion.vision.cards.procedural import render_card, sushi_like_deck

    crops = [render_card(design, 128) for design in sushi_like_deck()]
    fast = Embedder().network(crops)
    monkeypatch.setenv(onnx_net.INT8_ENV, "0")
    exact = Embedder().network(crops)
    assert not np.array_equal(fast, exact)  # it is another network
    assert float((fast * exact).sum(axis=1).min()) > 0.995
    assert float(np.abs(fast @ fast.T - exact @ exact.T).max()) < 0.03


def test_every_8_bit_twin_was_made_from_the_model_beside_it() -> None:
    """A retrained model with a stale twin would go on running the old network's twin."""
    ort = pytest.importorskip("onnxruntime")
    import hashlib

    from companion.vision.cards.finder import MODELS_DIR

    twins = sorted(MODELS_DIR.glob("*_int8.onnx"))
    assert twins
    for twin in twins:
        source = twin.with_name(twin.name.replace("_int8", ""))
        meta = ort.InferenceSession(str(twin)).get_modelmeta().custom_metadata_map
        assert meta.get("source_sha256") == hashlib.sha256(source.read_bytes()).hexdigest(), (
            f"{twin.name} is stale: run tools/quantize_models.py")
