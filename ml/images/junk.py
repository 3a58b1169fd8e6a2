"""Synthetic 'not a medical image' pictures for the image gate: blank and dark frames, noise, gradients, stripes,
checkerboards, random shapes and smooth colour fields. Drawn from a seeded generator, so a training set and a test
set made with different seeds never share a picture."""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

KINDS = ["blank", "dark", "noise", "gradient", "stripes", "checker", "shapes", "blobs", "text"]


def junk_image(rng: np.random.Generator, size: int, kind: str | None = None) -> Image.Image:
    kind = kind or KINDS[rng.integers(len(KINDS))]
    s = size
    if kind == "blank":
        colour = tuple(int(v) for v in rng.integers(0, 256, 3))
        img = Image.new("RGB", (s, s), colour)
    elif kind == "dark":
        arr = rng.integers(0, 12, (s, s, 3)).astype(np.uint8)
        img = Image.fromarray(arr)
    elif kind == "noise":
        arr = rng.integers(0, 256, (s, s, 3)).astype(np.uint8)
        img = Image.fromarray(arr).filter(ImageFilter.GaussianBlur(float(rng.uniform(0, 2))))
    elif kind == "gradient":
        a, b = rng.integers(0, 256, 3), rng.integers(0, 256, 3)
        t = np.linspace(0, 1, s)[:, None, None]
        arr = (a * (1 - t) + b * t).astype(np.uint8).repeat(s, axis=1)
        img = Image.fromarray(arr).rotate(float(rng.uniform(0, 360)))
    elif kind == "stripes":
        period = int(rng.integers(4, 32))
        arr = ((np.arange(s) // period) % 2)[None, :, None] * rng.integers(0, 256, 3)
        img = Image.fromarray(np.broadcast_to(arr, (s, s, 3)).astype(np.uint8)).rotate(float(rng.uniform(0, 180)))
    elif kind == "checker":
        period = int(rng.integers(4, 32))
        grid = ((np.arange(s)[:, None] // period + np.arange(s)[None, :] // period) % 2)[:, :, None]
        arr = grid * rng.integers(0, 256, 3) + (1 - grid) * rng.integers(0, 256, 3)
        img = Image.fromarray(arr.astype(np.uint8))
    elif kind == "text":
        img = Image.new("RGB", (s, s), tuple(int(v) for v in rng.integers(180, 256, 3)))
        draw = ImageDraw.Draw(img)
        for row in range(0, s, max(6, s // 10)):
            x = 2
            while x < s:
                w = int(rng.integers(3, 14))
                draw.rectangle(
                    [x, row + 2, x + w, row + 2 + max(2, s // 40)], fill=tuple(int(v) for v in rng.integers(0, 90, 3))
                )
                x += w + int(rng.integers(2, 6))
    else:  # shapes / blobs: something photo-like without being any of the three kinds
        img = Image.new("RGB", (s, s), tuple(int(v) for v in rng.integers(0, 256, 3)))
        draw = ImageDraw.Draw(img)
        for _ in range(int(rng.integers(3, 15))):
            x0, y0 = rng.integers(-s // 4, s, 2)
            w, h = rng.integers(s // 10, s // 2, 2)
            fill = tuple(int(v) for v in rng.integers(0, 256, 3))
            (draw.ellipse if rng.random() < 0.5 else draw.rectangle)(
                [int(x0), int(y0), int(x0 + w), int(y0 + h)], fill=fill
            )
        if kind == "blobs":
            img = img.filter(ImageFilter.GaussianBlur(float(rng.uniform(2, 8))))
    return img


def junk_set(n: int, size: int, seed: int) -> tuple[np.ndarray, list[str]]:
    rng = np.random.default_rng(seed)
    kinds = [KINDS[i % len(KINDS)] for i in range(n)]
    arr = np.stack(
        [np.asarray(junk_image(rng, size, k).convert("RGB"), dtype=np.uint8).transpose(2, 0, 1) for k in kinds]
    )
    return arr, kinds
