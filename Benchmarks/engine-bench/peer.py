#!/usr/bin/env python3
"""The peers of engine-bench, as a server: engine-bench starts one process per
thread count and sends it one JSON command a line; each reply is one JSON line.
The process stays up, so imports, libvips start-up and numpy's first-call costs
are paid once, and the engine and its peer can be timed in alternation, round
after round.

Commands
  {"op": "setup", "raw": F, "width": W, "height": H, "jobs": J, "png": P, "out": O}
      F: the 12 MP photo as raw float32 linear RGBA; P: the same photo as an 8-bit
      PNG; O: where render_e2e writes. Replies with versions and notes.
  {"op": "numpy_full"}       the engine's full pipeline in numpy
  {"op": "vips_subset"}      the libvips subset (curves by maplut, saturation,
                             vignette, Gaussian blur sigma 2) on the float photo
  {"op": "vips_render", "level": L, "filter": "adaptive"|"none"}
                             refine render's work in libvips: PNG in, subset
                             adjustments, PNG out
  {"op": "pin", "cpus": [C]} every thread of this process onto CPUs C
Each timing reply: {"s": wall seconds, "cpu": process CPU seconds, ...}.

How each peer is made fair is stated in Benchmarks/engine-bench/README.md.
"""
import json, math, os, resource, sys, time
from concurrent.futures import ThreadPoolExecutor

state = {}


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(fn):
    c, t = cpu(), time.perf_counter()
    extra = fn() or {}
    return dict(s=time.perf_counter() - t, cpu=cpu() - c, **extra)


# ---- the engine's math, shared by both peers ----------------------------------
black, shadows, bright, contrast, highs, white, sat, skies = 0.1, 0.5, 0.2, 0.3, 0.4, 0.1, 0.2, 0.3
vig_s, vig_r = 0.4, 0.5
lum = (0.2126, 0.7152, 0.0722)


def srgb_encode(x, np):
    x = np.asarray(x, dtype=np.float64)
    return np.where(x <= 0.0031308, x * 12.92, 1.055 * np.power(np.maximum(x, 0), 1 / 2.4) - 0.055)


def srgb_decode(v, np):
    v = np.asarray(v, dtype=np.float64)
    return np.where(v <= 0.04045, v / 12.92, np.power((v + 0.055) / 1.055, 2.4))


def exposure_curve(v, np):
    """The engine's ExposureCurve on encoded values (levels, gamma, S-curve), float64."""
    b_in = 0.25 * black if black > 0 else 0.0
    b_out = -0.15 * black if black < 0 else 0.0
    w_in = 1 - 0.25 * white if white > 0 else 1.0
    w_out = 1 + 0.2 * white if white < 0 else 1.0
    g = 2 ** (-1.2 * bright); ce = 2 ** (1.3 * contrast)
    t = np.clip((v - b_in) / (w_in - b_in), 0, 1) ** g
    t = np.where(t < 0.5, 0.5 * (2 * t) ** ce, 1 - 0.5 * (2 * (1 - t)) ** ce)
    return b_out + (w_out - b_out) * t


def linear_curve(x, np):
    """Linear in → linear out: what the engine's exposure table holds."""
    return srgb_decode(np.clip(exposure_curve(srgb_encode(x, np), np), 0, 1), np)


# ---- numpy: the full pipeline, float32, row bands over J threads --------------
def numpy_setup(np):
    N = 1024
    xs = (np.arange(N + 1) / N) ** 2
    curve = linear_curve(xs, np).astype(np.float32)
    bmin, bmax = -16.0, 1.0
    bases = bmin + (bmax - bmin) * np.arange(N + 1) / N
    e = srgb_encode(np.minimum(2.0 ** bases, 1), np)

    def smooth(e0, e1, x):
        t = np.clip((x - e0) / (e1 - e0), 0, 1)
        return t * t * (3 - 2 * t)
    ws = 1 - smooth(0.08, 0.6, e); wh = smooth(0.45, 0.95, e)
    stops = (2.5 * shadows if shadows > 0 else 1.5 * shadows) * ws - (2.0 * highs if highs > 0 else 1.0 * highs) * wh
    gain = (2.0 ** stops).astype(np.float32)
    sky = srgb_decode(np.array([0.40, 0.60, 0.85]), np)
    su, sv = sky[0] - sky[1], (sky[0] + sky[1]) / 2 - sky[2]
    n = math.hypot(su, sv)
    return dict(N=N, curve=curve, curve_slope=np.append(np.diff(curve), 0).astype(np.float32),
                gain=gain, gain_slope=np.append(np.diff(gain), 0).astype(np.float32), bmin=bmin, bmax=bmax,
                su=np.float32(su / n), sv=np.float32(sv / n), sky_cos=np.float32(math.cos(math.radians(40))))


def numpy_full(np, rgb, jobs, pool, c):
    f32 = np.float32
    h, w, _ = rgb.shape

    def smooth(e0, e1, x):
        t = np.clip((x - f32(e0)) * f32(1 / (e1 - e0)), f32(0), f32(1))
        return t * t * (f32(3) - f32(2) * t)

    def lookup(table, slope, s, n):
        """Linear interpolation in a float32 table at s ∈ [0, n] (the engine's (value, slope) pairs)."""
        i = np.minimum(s.astype(np.int32), n - 1)
        return table[i] + slope[i] * (s - i)

    fac = max(1, math.ceil(max(w, h) / 384))
    lw, lh = -(-w // fac), -(-h // fac)
    # Bands of whole low-res cells, so each thread averages its own cells.
    band = max(1, -(-lh // (4 * jobs))) * fac
    bands = [(y, min(h, y + band)) for y in range(0, h, band)]
    logY = np.empty((h, w), dtype=f32)
    low = np.empty((lh, lw), dtype=f32)

    cols = np.minimum(fac, w - np.arange(lw) * fac).astype(f32)   # pixels a cell column holds

    def pass1(r):
        y0, y1 = r
        p = rgb[y0:y1]
        Y = p[..., 0] * f32(lum[0]) + p[..., 1] * f32(lum[1]) + p[..., 2] * f32(lum[2])
        L = np.log2(np.maximum(Y, f32(1e-7)))
        logY[y0:y1] = L
        ch = -(-(y1 - y0) // fac)
        # Cell means over the pixels each cell holds (the last row and column of cells may be partial).
        pad = np.pad(L, ((0, ch * fac - (y1 - y0)), (0, lw * fac - w)))
        rows = np.minimum(fac, (y1 - y0) - np.arange(ch) * fac).astype(f32)
        low[y0 // fac:y0 // fac + ch] = pad.reshape(ch, fac, lw, fac).sum(axis=(1, 3), dtype=f32) / (rows[:, None] * cols[None, :])
    list(pool.map(pass1, bands))

    def box(p, r):
        """Box mean with shrinking windows at the borders, by cumulative sums (float64, as the engine's Double sums)."""
        def along(a, axis, n):
            cs = np.cumsum(a, axis=axis, dtype=np.float64)
            cs = np.concatenate([np.zeros_like(np.take(cs, [0], axis=axis)), cs], axis=axis)
            idx = np.arange(n); lo = np.maximum(idx - r, 0); hi = np.minimum(idx + r + 1, n)
            shape = [-1 if k == axis else 1 for k in range(2)]
            return (np.take(cs, hi, axis=axis) - np.take(cs, lo, axis=axis)) / (hi - lo).reshape(shape)
        return along(along(p, 1, p.shape[1]), 0, p.shape[0]).astype(f32)

    def guided(r):
        m = box(low, r); m2 = box(low * low, r)
        v = np.maximum(m2 - m * m, f32(0)); a = v / (v + f32(0.15)); b = (f32(1) - a) * m
        return box(a, r), box(b, r)
    longest = max(lw, lh)
    (a1, b1), (a2, b2) = pool.map(guided, [max(2, round(longest * 0.03)), max(4, round(longest * 0.10))])
    A, B = (a1 + a2) * f32(0.5), (b1 + b2) * f32(0.5)

    fx = (np.arange(w, dtype=f32) + f32(0.5)) * f32(lw / w) - f32(0.5)
    x0 = np.clip(np.floor(fx).astype(np.int32), 0, lw - 1); x1 = np.minimum(x0 + 1, lw - 1)
    tx = np.clip(fx - x0, f32(0), f32(1))
    dx = (np.arange(w, dtype=f32) + f32(0.5)) / f32(w) - f32(0.5)
    inner, outer = vig_r, vig_r + 0.75 * (1 - vig_r) + 0.25
    out = np.empty_like(rgb)
    N, lo, span = c["N"], f32(c["bmin"]), f32(c["bmax"] - c["bmin"])

    def pass2(r):
        y0, y1 = r
        fy = (np.arange(y0, y1, dtype=f32) + f32(0.5)) * f32(lh / h) - f32(0.5)
        r0 = np.clip(np.floor(fy).astype(np.int32), 0, lh - 1); r1 = np.minimum(r0 + 1, lh - 1)
        ty = np.clip(fy - r0, f32(0), f32(1))[:, None]

        def up(M):
            col = M[r0] + (M[r1] - M[r0]) * ty             # vertical half at low-res width
            return col[:, x0] + (col[:, x1] - col[:, x0]) * tx
        L = logY[y0:y1]
        base = up(A) * L + up(B)
        s = np.clip((base - lo) / span, f32(0), f32(1)) * f32(N)
        g = lookup(c["gain"], c["gain_slope"], s, N)
        p = rgb[y0:y1] * g[..., None]
        p = lookup(c["curve"], c["curve_slope"], np.sqrt(np.clip(p, f32(0), f32(1))) * f32(N), N)
        R, G, Bc = p[..., 0], p[..., 1], p[..., 2]
        Y = R * f32(lum[0]) + G * f32(lum[1]) + Bc * f32(lum[2])
        u = R - G; v = (R + G) * f32(0.5) - Bc
        n = np.sqrt(u * u + v * v); rel = n / (Y + f32(0.02))
        cosang = (u * c["su"] + v * c["sv"]) / np.maximum(n, f32(1e-12))
        wgt = smooth(c["sky_cos"], 1, cosang) * smooth(0.02, 0.2, rel) * (f32(1) - smooth(6.0, 10.0, rel))
        k = f32(1 + sat) * (f32(1) + f32(skies) * wgt)
        mn = p.min(axis=2)
        with np.errstate(divide="ignore", invalid="ignore"):
            lim = np.where((mn < Y) & (Y > 0), Y / (Y - mn), np.inf).astype(f32)
        k = np.minimum(np.maximum(k, f32(0)), lim)
        q = Y[..., None] + (p - Y[..., None]) * k[..., None]
        dy = (np.arange(y0, y1, dtype=f32) + f32(0.5)) / f32(h) - f32(0.5)
        d = np.sqrt(f32(2) * dx[None, :] ** 2 + f32(2) * dy[:, None] ** 2)
        out[y0:y1] = np.maximum(q, f32(0)) * (f32(1) - f32(vig_s) * smooth(inner, outer, d))[..., None]
    list(pool.map(pass2, bands))
    return out


# ---- libvips -----------------------------------------------------------------
def vips_matrices(np):
    k = 1 + sat
    M = [[k * (i == j) + (1 - k) * lum[j] for j in range(3)] for i in range(3)]
    return M


def vips_vignette(pyvips, W, H):
    """The engine's vignette factor as a lazy libvips expression (computed per pixel, as the engine does)."""
    xy = pyvips.Image.xyz(W, H)
    dx = (xy[0] + 0.5) / W - 0.5; dy = (xy[1] + 0.5) / H - 0.5
    d = ((dx * dx + dy * dy) * 2) ** 0.5
    inner, outer = vig_r, vig_r + 0.75 * (1 - vig_r) + 0.25
    t = (d - inner) / (outer - inner)
    t = (t < 0).ifthenelse(0, (t > 1).ifthenelse(1, t))
    return 1 - vig_s * (t * t * (3 - 2 * t))


def vips_subset(np, pyvips):
    """Float linear photo → curve (65 536-entry maplut on a 16-bit index) → saturation
    (3×3 recomb) → vignette → Gaussian blur sigma 2 with 13 taps (min_ampl 0.01, the
    engine's radius ⌈3σ⌉; libvips' default 0.2 would use 7) → float in memory."""
    W, H = state["W"], state["H"]
    lut = pyvips.Image.new_from_memory(linear_curve(np.arange(65536) / 65535, np).astype(np.float32).data,
                                       65536, 1, 1, "float")
    idx = (state["vips_float"] * 65535 + 0.5).cast("ushort")     # casts clamp to 0…65535
    v = idx.maplut(lut).recomb(vips_matrices(np)) * vips_vignette(pyvips, W, H)
    v = v.gaussblur(2.0, min_ampl=0.01, precision="float")
    v.write_to_memory()


def vips_render(np, pyvips, level, filt):
    """refine render's work: 8-bit PNG in → linear light through a 256-entry maplut that
    holds decode∘curve → saturation → vignette → sRGB 8-bit (libvips' scRGB → sRGB)
    → PNG out at the same zlib level, filters and strategy as the engine."""
    W, H = state["W"], state["H"]
    lut = pyvips.Image.new_from_memory(linear_curve(srgb_decode(np.arange(256) / 255, np), np).astype(np.float32).data,
                                       256, 1, 1, "float")
    im = pyvips.Image.new_from_file(state["png"], access="sequential")
    v = im.maplut(lut).recomb(vips_matrices(np)) * vips_vignette(pyvips, W, H)
    v = v.copy(interpretation="scrgb").colourspace("srgb")
    # PNG_ALL_FILTERS (0xf8) is libpng's adaptive choice; PNG_FILTER_NONE is 0x08.
    v.pngsave(state["out"], compression=level, filter=0xF8 if filt == "adaptive" else 0x08, strip=True)
    return {"bytes": os.path.getsize(state["out"])}


def main():
    np = pyvips = None
    notes = []
    for line in sys.stdin:
        cmd = json.loads(line)
        op = cmd["op"]
        try:
            if op == "setup":
                state.update(W=cmd["width"], H=cmd["height"], jobs=cmd["jobs"], png=cmd["png"], out=cmd["out"])
                reply = {"notes": notes}
                try:
                    import numpy as np
                    img = np.fromfile(cmd["raw"], dtype=np.float32).reshape(cmd["height"], cmd["width"], 4)
                    state["rgb"] = np.ascontiguousarray(img[:, :, :3])
                    state["numpy"] = numpy_setup(np)
                    state["pool"] = ThreadPoolExecutor(max_workers=cmd["jobs"])
                    reply["numpy"] = np.__version__
                except ImportError:
                    notes.append("numpy missing: pip install numpy")
                try:
                    import pyvips
                    pyvips.cache_set_max(0)
                    pyvips.concurrency_set(cmd["jobs"])
                    if np is not None:
                        state["vips_float"] = pyvips.Image.new_from_memory(state["rgb"].data, cmd["width"], cmd["height"], 3, "float")
                    reply["libvips"] = "%d.%d.%d" % (pyvips.version(0), pyvips.version(1), pyvips.version(2))
                    reply["pyvips"] = pyvips.__version__
                    reply["vips_concurrency"] = pyvips.concurrency_get()
                except Exception as ex:  # ImportError, or OSError when libvips.so is missing
                    pyvips = None
                    notes.append(f"pyvips unavailable ({type(ex).__name__}: {ex}); pip install pyvips and apt-get install -y libvips42")
            elif op == "pin":
                # Every thread of the process (libvips' pool and writer included), and those made later.
                for tid in os.listdir("/proc/self/task"):
                    try:
                        os.sched_setaffinity(int(tid), cmd["cpus"])
                    except OSError:
                        pass
                reply = {"cpus": sorted(os.sched_getaffinity(0))}
            elif op == "numpy_full":
                c, pool = state["numpy"], state["pool"]
                reply = timed(lambda: [numpy_full(np, state["rgb"], state["jobs"], pool, c)] and None)
            elif op == "vips_subset":
                reply = timed(lambda: vips_subset(np, pyvips))
            elif op == "vips_render":
                reply = timed(lambda: vips_render(np, pyvips, cmd["level"], cmd["filter"]))
            else:
                reply = {"error": f"unknown op {op}"}
        except Exception as ex:
            reply = {"error": f"{op}: {type(ex).__name__}: {ex}"}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
