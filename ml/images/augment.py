"""Batch augmentation on tensors (no worker processes: the machine has two cores and training uses both)."""
from __future__ import annotations

import math

import torch
from torch.nn import functional as F


def augment(
    batch: torch.Tensor,
    g: torch.Generator,
    *,
    scale=(0.75, 1.0),
    rotate_deg=15.0,
    hflip=True,
    vflip=False,
    colour=0.2,
    aspect=0.0,
    brightness=0.0,
    gamma=0.0,
    deconfound_aspect=False,
    source_aspect: torch.Tensor | None = None,
    aspect_pool: torch.Tensor | None = None,
) -> torch.Tensor:
    """uint8 [N,3,S,S] -> float 0..1, with a random crop-and-resize, rotation, flips and brightness/contrast/
    saturation jitter, each drawn from the seeded generator.

    brightness, gamma > 0: a further log-uniform brightness factor (exp(+-brightness)) and gamma (exp(+-gamma)),
    wide enough to cover brightness differences between classes that come from the sources, not the disease.
    deconfound_aspect: each image is re-stretched as if its original picture had an aspect ratio drawn from
    aspect_pool (the training set's aspect ratios, all classes together) instead of its own (source_aspect, width
    over height, one per image). Images are squashed to a square when loaded, so the original aspect ratio shows in
    the anatomy's shape; where it differs by class (chest CT: normal 1.33, cancers 1.48-1.58), this removes it."""
    x = batch.float() / 255.0
    n = x.shape[0]
    s = torch.empty(n).uniform_(*scale, generator=g).sqrt()  # side of the crop relative to the image
    angle = torch.empty(n).uniform_(-rotate_deg, rotate_deg, generator=g) * math.pi / 180
    fx = torch.where(torch.rand(n, generator=g) < 0.5, -1.0, 1.0) if hflip else torch.ones(n)
    fy = torch.where(torch.rand(n, generator=g) < 0.5, -1.0, 1.0) if vflip else torch.ones(n)
    tx = (torch.rand(n, generator=g) * 2 - 1) * (1 - s)
    ty = (torch.rand(n, generator=g) * 2 - 1) * (1 - s)
    # aspect > 0 stretches one axis against the other (log-uniform in +-aspect), for sets whose images come in
    # different shapes and are squashed to a square.
    u = (torch.rand(n, generator=g) * 2 - 1) * aspect
    sx, sy = s * torch.exp(u), s * torch.exp(-u)
    if deconfound_aspect:
        target = aspect_pool[torch.randint(len(aspect_pool), (n,), generator=g)]
        k = (target / source_aspect).sqrt()  # content widened by source/target, split between the two axes
        sx, sy = sx * k, sy / k
    cos, sin = torch.cos(angle), torch.sin(angle)
    theta = torch.stack(
        [
            torch.stack([cos * sx * fx, -sin * sy * fy, tx], 1),
            torch.stack([sin * sx * fx, cos * sy * fy, ty], 1),
        ],
        1,
    )
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    x = F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)
    if colour > 0:
        b = 1 + (torch.rand(n, 1, 1, 1, generator=g) * 2 - 1) * colour
        c = 1 + (torch.rand(n, 1, 1, 1, generator=g) * 2 - 1) * colour
        sat = 1 + (torch.rand(n, 1, 1, 1, generator=g) * 2 - 1) * colour
        grey = x.mean(dim=1, keepdim=True)
        x = grey + (x - grey) * sat
        mean = x.mean(dim=(1, 2, 3), keepdim=True)
        x = (x - mean) * c + mean
        x = x * b
    if brightness > 0:
        x = x * torch.exp((torch.rand(n, 1, 1, 1, generator=g) * 2 - 1) * brightness)
    if gamma > 0:
        x = x.clamp(0, 1) ** torch.exp((torch.rand(n, 1, 1, 1, generator=g) * 2 - 1) * gamma)
    return x.clamp_(0, 1)
