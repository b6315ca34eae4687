"""The score sheet's guide to the pen: « écrivez les chiffres ainsi », the
ten digits each in a box, drawn with a pen's strokes in the shapes the
sheets' reader reads surest (the French 1 on its foot, an open 4, the
barred 7, a 9 without a curl), as the forms that machines read show them.

Data: each digit's strokes in a box of 1 × 1 (x rightwards, y downwards),
drawn by the PDF (pdf/grid.py `DigitGuide`) and read back by the digits'
model in the tests. Pure: no Django, no ReportLab. Must not: read a digit.
"""

from __future__ import annotations

import math

#: The guide's boxes, in millimetres (width, height).
GUIDE_BOX = (5.0, 7.0)

Stroke = tuple[tuple[float, float], ...]


def _ellipse(cx: float, cy: float, rx: float, ry: float, steps: int = 24) -> Stroke:
    """A loop drawn from its top, clockwise."""
    return tuple(
        (cx + rx * math.sin(2 * math.pi * i / steps), cy - ry * math.cos(2 * math.pi * i / steps))
        for i in range(steps + 1)
    )


# fmt: off
GUIDE_STROKES: dict[int, tuple[Stroke, ...]] = {
    0: (_ellipse(0.5, 0.5, 0.3, 0.42),),
    1: (((0.26, 0.32), (0.58, 0.06), (0.5, 0.94)), ((0.3, 0.94), (0.7, 0.94))),  # French, footed
    2: (((0.2, 0.3), (0.3, 0.12), (0.5, 0.06), (0.7, 0.12), (0.78, 0.3), (0.68, 0.5),
         (0.2, 0.92), (0.84, 0.92)),),
    3: (((0.2, 0.14), (0.48, 0.06), (0.74, 0.16), (0.72, 0.36), (0.44, 0.48), (0.74, 0.58),
         (0.8, 0.78), (0.56, 0.94), (0.2, 0.86)),),
    4: (((0.32, 0.06), (0.18, 0.6), (0.84, 0.6)), ((0.66, 0.08), (0.66, 0.94))),
    5: (((0.78, 0.08), (0.3, 0.08), (0.24, 0.44), (0.5, 0.38), (0.74, 0.5), (0.78, 0.74),
         (0.56, 0.93), (0.2, 0.86)),),
    6: (((0.7, 0.06), (0.44, 0.2), (0.28, 0.46), (0.26, 0.72), (0.42, 0.93), (0.66, 0.9),
         (0.76, 0.7), (0.62, 0.53), (0.4, 0.53), (0.27, 0.66)),),
    7: (((0.16, 0.08), (0.84, 0.08), (0.42, 0.94)), ((0.4, 0.52), (0.84, 0.52))),  # barred
    8: (_ellipse(0.5, 0.28, 0.22, 0.2), _ellipse(0.5, 0.7, 0.27, 0.23)),
    9: (_ellipse(0.48, 0.3, 0.25, 0.23), ((0.73, 0.3), (0.68, 0.94))),
}
# fmt: on
