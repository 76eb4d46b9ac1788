"""Frames to observations: pure recognisers behind thin frame sources.

* :mod:`companion.vision.sources`: the :class:`~companion.vision.sources.FrameSource` seam
  (Pi camera, ``cv2.VideoCapture``, folders and video files, the synthetic camera) and
  :func:`~companion.vision.sources.open_source`, which falls back to the synthetic camera.
* :mod:`companion.vision.synthetic`: rendered dice rolls (demo camera, test ground truth).
* :mod:`companion.vision.dice`: the pip reader (small ONNX networks run by
  :mod:`companion.vision.onnx_net`, ONNX Runtime or ``cv2.dnn``).
* :mod:`companion.vision.cocked`: whether a die lies flat.
* :mod:`companion.vision.settle`: one report per throw, once the dice lie still.
* :mod:`companion.vision.evaluate`: scoring a reader on labelled photos.
* :mod:`companion.vision.commands`: ``companion dice read`` / ``companion dice eval``.
* :mod:`companion.vision.cards`: the card reader (enrollment, finding and recognising cards,
  ``companion cards ...``).

Importing this package does no work; the networks load when a reader is built.
"""
