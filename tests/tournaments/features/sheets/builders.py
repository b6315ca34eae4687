"""Photos of the app's own printed sheets, filled in and taken as a phone
would (bench/sheet_photos.py, the benchmark's generator), for the reader's
and the desk's tests and journeys. The digits are written from clean
glyphs by a pen-like stroke (`templates`): the tests read no wheel and
download nothing; the benchmark writes MNIST's held-out handwriting.
Small photos (about 4 megapixels): the reader brings any photo to the
same working size, and a journey's pile stays quick to make.

Must not: depend on the clock (every photo is seeded)."""

from __future__ import annotations

import base64
import dataclasses
import functools
import hashlib
import io
from types import SimpleNamespace

import numpy as np
from PIL import Image

from bench import sheet_photos
from tournaments.infra import address, links
from tournaments.models import Table

#: A phone's photo, kept small for the tests (the reader needs about 4
#: megapixels for an A4 sheet taken whole).
SHOT = sheet_photos.Shot(tilt=8.0, megapixels=4.0, blur=0.6, light=0.25, shadow=False, quality=80)
#: What was made once in this process: a photo depends only on its table's
#: concours, partie and number (the QR code's mark), the rows written on it,
#: its seed and its shot.
_made: dict[tuple, bytes] = {}


@functools.cache
def templates() -> tuple[np.ndarray, np.ndarray]:
    """Ten clean digits drawn with a pen-like stroke (DejaVu Sans, the
    sheets' own font), 28 × 28, five each, as the network sees them."""
    from PIL import ImageDraw, ImageFont

    from tournaments.features.sheets.domain import digits
    from tournaments.pdf.base import FONT_DIRS

    folder = next(d for d in FONT_DIRS if (d / "DejaVuSans.ttf").is_file())
    images, labels = [], []
    for digit in range(10):
        for size in (40, 44, 48, 52, 56):
            image = Image.new("L", (64, 64), 0)
            draw = ImageDraw.Draw(image)
            if digit == 1:  # a pen's 1: one stroke, slanted a little
                draw.line((34 + size / 16, 12, 30, 52), fill=255, width=6)
            elif digit == 6:  # a pen's 6: a loop under a curved stroke
                draw.ellipse((20, 30, 44, 54), outline=255, width=6)
                draw.line(
                    [(42, 10), (32, 14), (24, 24), (20, 38)], fill=255, width=6, joint="curve"
                )
            else:
                font = ImageFont.truetype(str(folder / "DejaVuSans.ttf"), size)
                draw.text((32, 32), str(digit), fill=255, font=font, anchor="mm")
            images.append(digits.normalize(np.asarray(image, np.float32) / 255))
            labels.append(digit)
    return np.stack(images), np.array(labels)


#: Every kind of sheet (issue 59, item 5): a concours's fields, and its
#: sheet's rows. As the benchmark's (bench/bench_sheets.py KINDS).
KINDS: dict[str, tuple[dict, int]] = {
    "classic": ({"preset": "ffb-belote"}, 12),  # a classic belote concours: no contract
    "coinche with announcements": (
        {"preset": "ffb-coinche", "overrides": {"announcements": True, "sa_ta": True}},
        12,
    ),
    "partie to a target": ({"preset": "ffb-belote", "end_mode": "target", "end_target": 1000}, 20),
    "mêlée": ({"preset": "ffb-coinche", "format": "melee"}, 12),
    "most deals": ({"preset": "ffb-coinche", "end_deals": 60}, 60),
}


def kind_table(make_tournament, kind: str) -> Table:
    """Table 1 of partie 1 of a concours of `kind` (KINDS), its photos read."""
    from tests import factories
    from tournaments.services import registration

    fields, _rows = KINDS[kind]
    tournament = make_tournament(sheets_enabled=True, **fields)
    if fields.get("format") == "melee":  # players register alone; the draw makes the teams
        for i in range(4):
            registration.register_player(
                tournament=tournament, player=registration.PlayerData("Zoé", f"Évrard{i}")
            )
    else:
        factories.add_teams(tournament, 4)
    return factories.first_table(factories.draw_random_round(tournament))


def sheets_layout(table: Table):
    """`table`'s sheet layout as it prints now."""
    from tournaments.pdf import sheets

    return sheets.table_layout(table)


@functools.cache
def guide_hand_digits(seed: int = 5) -> tuple[np.ndarray, np.ndarray]:
    """Another hand: the digits as the sheet's guide draws them
    (sheet_guide.GUIDE_STROKES), each written five times with a pen that
    wobbles (its points moved up to 5 % of the box) and its own width."""
    from PIL import ImageDraw

    from tournaments.domain.sheet_guide import GUIDE_STROKES
    from tournaments.features.sheets.domain import digits

    rng = np.random.default_rng(seed)
    images, labels = [], []
    for digit in range(10):
        for _ in range(5):
            image = Image.new("L", (48, 64), 0)
            draw = ImageDraw.Draw(image)
            width = int(rng.integers(4, 7))
            for stroke in GUIDE_STROKES[digit]:
                wobble = rng.uniform(-0.05, 0.05, (len(stroke), 2))
                points = [(6 + (u + du) * 36, 6 + (v + dv) * 52)
                          for (u, v), (du, dv) in zip(stroke, wobble, strict=True)]  # fmt: skip
                draw.line(points, fill=255, width=width, joint="curve")
            images.append(digits.normalize(np.asarray(image, np.float32) / 255))
            labels.append(digit)
    return np.stack(images), np.array(labels)


def guide_writer(seed: int = 1) -> sheet_photos.Writer:
    """A hand writing the digits as the sheet's guide shows them."""
    images, labels = guide_hand_digits()
    return sheet_photos.Writer.of(images, labels, seed)


@functools.cache
def french_hand_digits(seed: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """A French hand the digits' model never trained on: one writer of the
    pen model's held-out family (tools/hands.py, `french-stroke-heldout`:
    upright, narrow, a heavy felt pen), writing the 1 with its long
    up-stroke, the barred 7 and the open 4; each digit eight times."""
    from tools import hands

    rng = np.random.default_rng(seed)
    hand = hands.StrokeWriter.of(hands.STROKE_FAMILIES["french-stroke-heldout"], rng)
    hand = dataclasses.replace(hand, variants={**hand.variants, 1: "flag", 4: "open", 7: "barred"})
    labels = np.repeat(np.arange(10), 8)
    images = [hand.draw(int(digit), rng) for digit in labels]
    return np.stack(images), labels


def french_writer(seed: int = 1) -> sheet_photos.Writer:
    """The French hand (`french_hand_digits`), its pen by the seed."""
    images, labels = french_hand_digits()
    return sheet_photos.Writer.of(images, labels, seed)


def writer(seed: int = 1) -> sheet_photos.Writer:
    """A hand writing the template digits, its pen by the seed."""
    images, labels = templates()
    return sheet_photos.Writer.of(images, labels, seed)


@functools.cache
def _page(pdf: bytes) -> Image.Image:
    return sheet_photos.render(pdf, 150)


def sheet_pdf(table: Table) -> bytes:
    """`table`'s score sheet exactly as the app prints it."""
    from tournaments.pdf import base, sheets

    rnd = table.round
    url = address.absolute(links.entry_path(table))
    story = sheets.sheets_story(rnd, entry_url=lambda _: url, only=table.number)
    return base.build(story, title=str(table), tournament=rnd.tournament)


def played(table: Table, deals: int, seed: int) -> list[tuple[dict, dict]]:
    """`deals` random deals of `table`'s rules, with their rows as written."""
    rules = table.round.tournament.rule_profile
    return sheet_photos.partie(rules, np.random.default_rng(seed), deals)


def written_page(
    table: Table, rows: list[dict], seed: int, entry_key: str | None = None
) -> Image.Image:
    """`table`'s sheet with `rows` (deal 1 first) written in by one hand."""
    return _written(table, dict(enumerate(rows, start=1)), seed, entry_key)


def _written(
    table: Table, rows: dict[int, dict], seed: int, entry_key: str | None, hand: str = "font"
) -> Image.Image:
    from tournaments.pdf import sheets

    fixed_entry_key(table, entry_key)
    layout = sheets.table_layout(table)
    page = _page(sheet_pdf(table))
    pens = {"guide": guide_writer, "french": french_writer}
    pen = pens.get(hand, writer)(seed)
    return sheet_photos.fill(page, layout, rows, pen)


def photo_of(
    table: Table,
    rows: dict[int, dict],
    *,
    seed: int = 1,
    shot: sheet_photos.Shot = SHOT,
    entry_key: str | None = None,
    hand: str = "font",
) -> bytes:
    """A photo of `table`'s sheet with `rows` (a deal's number: its values
    as written) written in by one hand (made once a process for the same
    table, rows, seed, shot and hand): « font » (`writer`), « french »
    (`french_writer`) or « guide » (`guide_writer`)."""
    fixed_entry_key(table, entry_key)
    key = (table.entry_key, repr(sorted(rows.items())), seed, shot, hand)
    if key not in _made:
        page = _written(table, rows, seed, entry_key, hand)
        _made[key] = sheet_photos.photograph(page, shot, seed)
    return _made[key]


def sheet_photo(
    table: Table,
    *,
    deals: int = 12,
    seed: int = 1,
    shot: sheet_photos.Shot = SHOT,
    entry_key: str | None = None,
    hand: str = "font",
) -> tuple[bytes, list[dict]]:
    """A photo of `table`'s sheet filled with `deals` deals by `hand`
    (photo_of), and the engine's deals written on it."""
    game = played(table, deals, seed)
    rows = {number: values for number, (_deal, values) in enumerate(game, start=1)}
    photo = photo_of(table, rows, seed=seed, shot=shot, entry_key=entry_key, hand=hand)
    return photo, [deal for deal, _values in game]


def fixed_entry_key(table: Table, wanted: str | None = None) -> None:
    """The table's entry key `wanted`, or one made from its concours, partie
    and number: the QR code printed on its sheet, and so the photo, are the
    same every run (the reader's own test tries the keys it once refused)."""
    mark = f"{table.round.tournament.slug}:{table.round.number}:{table.number}"
    digest = hashlib.sha256(mark.encode()).digest()
    wanted = wanted or base64.urlsafe_b64encode(digest)[:16].decode()
    if table.entry_key != wanted:
        Table.objects.filter(pk=table.pk).update(entry_key=wanted)
        table.entry_key = wanted


def jpeg(image: Image.Image, quality: int = 80) -> bytes:
    out = io.BytesIO()
    image.convert("RGB").save(out, "JPEG", quality=quality)
    return out.getvalue()


def made_80_row(rules, **changed):
    """A contract deal read right, every box sure (N-S bid 80 at hearts and
    made it with 82, the defence's 80), its marques the rules', then
    `changed`'s fields ({name: FieldRead}) as read."""
    from tournaments.features.sheets.domain.checks import DealRead, FieldRead
    from tournaments.features.sheets.domain.marques import scored, with_pot

    fields = {
        "taker": FieldRead("A", True),
        "trump": FieldRead("H", True),
        "bid": FieldRead(80, True, (1.0, 1.0)),
        "points": FieldRead(82, True, (1.0, 1.0)),
        "points_defence": FieldRead(80, True, (1.0, 1.0)),
    }
    marques = with_pot(scored(fields, rules), 0)
    for side, value in zip("ab", marques, strict=True):
        fields[f"marque_{side}"] = FieldRead(value, True, (1.0,) * len(str(value)))
    return DealRead(1, {**fields, **changed})


def written_small_above(layout, page: Image.Image, deal: int, field: str, text: str, seed: int):
    """`text` written small above `field`'s boxes on `deal`'s row (its
    last boxes), as a player writes a number again over the one struck out."""
    per_mm = page.width / 210.0
    pen = writer(seed)
    boxes = layout.rows[deal - 1].field(field).boxes[-len(text) :]
    for digit, box in zip(text, boxes, strict=True):
        small = SimpleNamespace(x=box.x + box.w * 0.15, y=box.y - box.h * 0.55,
                                w=box.w * 0.7, h=box.h * 0.55)  # fmt: skip
        sheet_photos._digit(page, small, int(digit), pen, per_mm)
