#!/usr/bin/env python3
"""Writes Tests/ImageEngineTests/Fixtures/picker_models_reference.tsv: reference
values for the slider pickers' colour models (PickerModel), computed independently
of Refine: HSV and YIQ with Python's colorsys, the opponent axes with numpy
(matrix product and its numerical inverse). Rows `fwd` give a colour and its
values; rows `inv` give values and the colour a picker shows (clamped to 0..1,
as colorsys.yiq_to_rgb does). Seeded: the file is reproducible."""
import colorsys, random, sys
import numpy as np

OPP = np.array([[1, -1, 0], [1, 1, -2], [1, 1, 1]]) / np.array([[2 ** .5], [6 ** .5], [3 ** .5]])
rng = random.Random(12)
colors = [(r, g, b) for r in (0, 1) for g in (0, 1) for b in (0, 1)] + [(.5, .5, .5), (.2, .2, .2)]
colors += [(rng.random(), rng.random(), rng.random()) for _ in range(40)]
out = ["kind\tmodel\tr\tg\tb\tv1\tv2\tv3"]
fmt = lambda xs: "\t".join(f"{x:.12f}" for x in xs)
for c in colors:
    out.append("fwd\thsv\t" + fmt(c) + "\t" + fmt(colorsys.rgb_to_hsv(*c)))
    out.append("fwd\tyiq\t" + fmt(c) + "\t" + fmt(colorsys.rgb_to_yiq(*c)))
    out.append("fwd\topponent\t" + fmt(c) + "\t" + fmt(OPP @ np.array(c)))
for _ in range(30):
    yiq = (rng.random(), rng.uniform(-.6, .6), rng.uniform(-.53, .53))
    out.append("inv\tyiq\t" + fmt(colorsys.yiq_to_rgb(*yiq)) + "\t" + fmt(yiq))
    hsv = (rng.random(), rng.random(), rng.random())
    out.append("inv\thsv\t" + fmt(colorsys.hsv_to_rgb(*hsv)) + "\t" + fmt(hsv))
    opp = OPP @ np.array([rng.uniform(-.3, 1.3) for _ in range(3)])
    out.append("inv\topponent\t" + fmt(np.clip(np.linalg.solve(OPP, opp), 0, 1)) + "\t" + fmt(opp))
# The extremes of I and Q over the sRGB cube (the YIQ sliders' ranges).
corners = [colorsys.rgb_to_yiq(*c) for c in colors[:8]]
print("I extremes", min(c[1] for c in corners), max(c[1] for c in corners), "Q extremes", min(c[2] for c in corners), max(c[2] for c in corners), file=sys.stderr)
sys.stdout.write("\n".join(out) + "\n")
