#!/usr/bin/env python3
"""Peer implementations for engine-bench.

numpy: the engine's full pipeline (local shadow/highlight recovery through a
two-scale fast guided filter on log2 luminance, the exposure curve as a
per-channel LUT, saturation + blue-skies band, vignette), vectorised float32.

libvips: the comparable subset (levels, brightness/contrast curve, saturation,
vignette, Gaussian blur sigma 2) on the same float linear pixels, via pyvips.

Prints one JSON object: {"numpy_full_s": ..., "vips_subset_s": ..., "notes": [...]}.
Missing pieces are reported in "notes" instead of crashing.
"""
import argparse, json, math, sys, time

notes = []
result = {"notes": notes}

def best(n, fn):
    b = float("inf")
    for _ in range(n):
        t = time.perf_counter(); fn(); b = min(b, time.perf_counter() - t)
    return b

ap = argparse.ArgumentParser()
ap.add_argument("--raw", required=True)
ap.add_argument("--width", type=int, required=True)
ap.add_argument("--height", type=int, required=True)
ap.add_argument("--jobs", type=int, default=1)
ap.add_argument("--repeats", type=int, default=3)
args = ap.parse_args()

try:
    import numpy as np
except ImportError:
    notes.append("numpy missing: pip install numpy")
    print(json.dumps(result)); sys.exit(0)

W, H = args.width, args.height
img = np.fromfile(args.raw, dtype=np.float32).reshape(H, W, 4)
rgb = np.ascontiguousarray(img[:, :, :3])

# ---- the engine's math -----------------------------------------------------
def srgb_encode(x):
    x = np.asarray(x, dtype=np.float64)
    return np.where(x <= 0.0031308, x * 12.92, 1.055 * np.power(np.maximum(x, 0), 1 / 2.4) - 0.055)

def srgb_decode(v):
    v = np.asarray(v, dtype=np.float64)
    return np.where(v <= 0.04045, v / 12.92, np.power((v + 0.055) / 1.055, 2.4))

def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0, 1)
    return t * t * (3 - 2 * t)

black, shadows, bright, contrast, highs, white, sat, skies = 0.1, 0.5, 0.2, 0.3, 0.4, 0.1, 0.2, 0.3
vig_s, vig_r = 0.4, 0.5

def exposure_curve(v):
    b_in = 0.25 * black if black > 0 else 0.0
    b_out = -0.15 * black if black < 0 else 0.0
    w_in = 1 - 0.25 * white if white > 0 else 1.0
    w_out = 1 + 0.2 * white if white < 0 else 1.0
    g = 2 ** (-1.2 * bright); ce = 2 ** (1.3 * contrast)
    t = np.clip((v - b_in) / (w_in - b_in), 0, 1) ** g
    t = np.where(t < 0.5, 0.5 * (2 * t) ** ce, 1 - 0.5 * (2 * (1 - t)) ** ce)
    return b_out + (w_out - b_out) * t

N = 1024
xs = (np.arange(N + 1) / N) ** 2
curve_lut = srgb_decode(np.clip(exposure_curve(srgb_encode(xs)), 0, 1)).astype(np.float32)
grid = (np.arange(N + 1) / N).astype(np.float32)

bmin, bmax = -16.0, 1.0
bases = bmin + (bmax - bmin) * np.arange(N + 1) / N
e = srgb_encode(np.minimum(2.0 ** bases, 1))
ws = 1 - smoothstep(0.08, 0.6, e); wh = smoothstep(0.45, 0.95, e)
stops = (2.5 * shadows if shadows > 0 else 1.5 * shadows) * ws - (2.0 * highs if highs > 0 else 1.0 * highs) * wh
gain_lut = (2.0 ** stops).astype(np.float32)
base_grid = bases.astype(np.float32)

def box_mean(p, r):
    h, w = p.shape
    def along(a, axis, n):
        c = np.cumsum(a, axis=axis, dtype=np.float64)
        c = np.concatenate([np.zeros_like(np.take(c, [0], axis=axis)), c], axis=axis)
        idx = np.arange(n); lo = np.maximum(idx - r, 0); hi = np.minimum(idx + r + 1, n)
        return (np.take(c, hi, axis=axis) - np.take(c, lo, axis=axis)) / (hi - lo).reshape([-1 if k == axis else 1 for k in range(2)])
    return along(along(p, 1, w), 0, h).astype(np.float32)

def guided(p, r, eps):
    m = box_mean(p, r); m2 = box_mean(p * p, r)
    v = np.maximum(m2 - m * m, 0); a = v / (v + eps); b = (1 - a) * m
    return box_mean(a, r), box_mean(b, r)

lum_w = np.array([0.2126, 0.7152, 0.0722], dtype=np.float32)
sky = srgb_decode(np.array([0.40, 0.60, 0.85])); su, sv = sky[0] - sky[1], (sky[0] + sky[1]) / 2 - sky[2]
sn = math.hypot(su, sv); su, sv = np.float32(su / sn), np.float32(sv / sn)
sky_cos = np.float32(math.cos(math.radians(40)))

def numpy_full(rgb):
    h, w, _ = rgb.shape
    Y = rgb @ lum_w
    logY = np.log2(np.maximum(Y, 1e-7))
    f = max(1, math.ceil(max(w, h) / 384))
    lw, lh = -(-w // f), -(-h // f)
    pad = np.pad(logY, ((0, lh * f - h), (0, lw * f - w)), mode="edge")
    low = pad.reshape(lh, f, lw, f).mean(axis=(1, 3))
    lowlong = max(lw, lh)
    r1 = max(2, round(lowlong * 0.03)); r2 = max(4, round(lowlong * 0.10))
    a1, b1 = guided(low, r1, 0.15); a2, b2 = guided(low, r2, 0.15)
    A, B = (a1 + a2) / 2, (b1 + b2) / 2
    fx = (np.arange(w) + 0.5) * (lw / w) - 0.5; fy = (np.arange(h) + 0.5) * (lh / h) - 0.5
    x0 = np.clip(np.floor(fx).astype(int), 0, lw - 1); x1 = np.minimum(x0 + 1, lw - 1); tx = np.clip(fx - x0, 0, 1).astype(np.float32)
    y0 = np.clip(np.floor(fy).astype(int), 0, lh - 1); y1 = np.minimum(y0 + 1, lh - 1); ty = np.clip(fy - y0, 0, 1).astype(np.float32)
    def up(M):
        top = M[y0][:, x0] + (M[y0][:, x1] - M[y0][:, x0]) * tx
        bot = M[y1][:, x0] + (M[y1][:, x1] - M[y1][:, x0]) * tx
        return top + (bot - top) * ty[:, None]
    base = up(A) * logY + up(B)
    g = np.interp(base, base_grid, gain_lut).astype(np.float32)
    p = rgb * g[:, :, None]
    p = np.interp(np.sqrt(np.clip(p, 0, 1)), grid, curve_lut).astype(np.float32)
    # color: saturation and the blue-skies band, luminance-preserving with the chroma limit
    Y = p @ lum_w
    u = p[:, :, 0] - p[:, :, 1]; v = (p[:, :, 0] + p[:, :, 1]) * 0.5 - p[:, :, 2]
    n = np.sqrt(u * u + v * v); rel = n / (Y + 0.02)
    ramp = smoothstep(0.02, 0.2, rel)
    c = (u * su + v * sv) / np.maximum(n, 1e-12)
    wgt = smoothstep(sky_cos, 1, c) * ramp * (1 - smoothstep(6.0, 10.0, rel))
    k = np.float32(1 + sat) * (1 + np.float32(skies) * wgt)
    mn = p.min(axis=2)
    lim = np.where((mn < Y) & (Y > 0), Y / np.maximum(Y - mn, 1e-12), np.inf)
    k = np.minimum(np.maximum(k, 0), lim)
    p = Y[:, :, None] + (p - Y[:, :, None]) * k[:, :, None]
    p = np.maximum(p, 0)
    # vignette
    dx = (np.arange(w, dtype=np.float32) + 0.5) / w - 0.5; dy = (np.arange(h, dtype=np.float32) + 0.5) / h - 0.5
    d = np.sqrt(2 * dx[None, :] ** 2 + 2 * dy[:, None] ** 2)
    inner, outer = vig_r, vig_r + 0.75 * (1 - vig_r) + 0.25
    p = p * (1 - vig_s * smoothstep(inner, outer, d))[:, :, None]
    return p.astype(np.float32)

try:
    result["numpy_full_s"] = best(args.repeats, lambda: numpy_full(rgb))
except MemoryError:
    notes.append("numpy ran out of memory")

# ---- libvips subset --------------------------------------------------------
try:
    import pyvips
except Exception as ex:  # ImportError or OSError when libvips.so is missing
    pyvips = None
    notes.append(f"pyvips unavailable ({type(ex).__name__}: {ex}); pip install pyvips and apt-get install -y libvips42 (or libvips-tools)")

if pyvips is not None:
    try:
        pyvips.cache_set_max(0)
        src = pyvips.Image.new_from_memory(np.ascontiguousarray(rgb).data, W, H, 3, "float")
        b_in, w_in = 0.25 * black, 1 - 0.25 * white
        g = 2 ** (-1.2 * bright); ce = 2 ** (1.3 * contrast)
        k = 1 + sat
        M = [[k * (i == j) + (1 - k) * lum_w[j] for j in range(3)] for i in range(3)]
        xy = pyvips.Image.xyz(W, H)
        dx = (xy[0] + 0.5) / W - 0.5; dy = (xy[1] + 0.5) / H - 0.5
        d = ((dx * dx + dy * dy) * 2) ** 0.5
        inner, outer = vig_r, vig_r + 0.75 * (1 - vig_r) + 0.25
        t = ((d - inner) / (outer - inner))
        t = (t < 0).ifthenelse(0, (t > 1).ifthenelse(1, t))
        mask = 1 - vig_s * (t * t * (3 - 2 * t))
        def vips_subset():
            v = src.max_pair(0) ** (1 / 2.4) if hasattr(src, "max_pair") else (src < 0).ifthenelse(0, src) ** (1 / 2.4)
            v = (v - b_in) / (w_in - b_in)
            v = (v < 0).ifthenelse(0, (v > 1).ifthenelse(1, v))
            v = v ** g
            v = (v < 0.5).ifthenelse(((v * 2) ** ce) * 0.5, 1 - (((1 - v) * 2) ** ce) * 0.5)
            v = v ** 2.4
            v = v.recomb(M)
            v = v * mask
            v = v.gaussblur(2.0)
            v.write_to_memory()
        result["vips_subset_s"] = best(args.repeats, vips_subset)
        result["vips_version"] = pyvips.version(0), pyvips.version(1), pyvips.version(2)
    except Exception as ex:
        notes.append(f"libvips subset failed: {type(ex).__name__}: {ex}")

print(json.dumps(result))
