"""A small residual CNN, trained from scratch, with global-average pooling and one linear layer, so class activation
maps (Zhou et al., CVPR 2016) are exact: the logit of class c is the mean over positions of its map."""
from __future__ import annotations

import torch
from torch import nn
from torch.nn import functional as F

# Per-channel statistics of the pixel range 0..1; the exported graph normalises inside, the server sends 0..1.
MEAN = (0.5, 0.5, 0.5)
STD = (0.25, 0.25, 0.25)


# body_crop: a pixel counts as body when its grey value (0..1) exceeds BODY_LEVEL; a row or column belongs to the
# body's box when at least BODY_SHARE of it is body. CT slices have a black surround, so the box is the chest.
BODY_LEVEL = 0.12
BODY_SHARE = 0.08


def _sample_axis(x: torch.Tensor, src: torch.Tensor, dim: int, zero_outside: bool) -> torch.Tensor:
    """Linear resampling of x [N,C,H,W] along dim (2 or 3) at fractional source positions src [N, M] (pixel units,
    centres at integers). Positions outside the axis are clamped to the edge, or give 0 when zero_outside. Built from
    floor and gather so that it exports to ONNX opset 13 (which has no GridSample)."""
    n, c = x.shape[0], x.shape[1]
    length = x.shape[dim]
    lo = torch.floor(src).clamp(0, length - 1)
    hi = (lo + 1).clamp(max=length - 1)
    w = (src - lo).clamp(0, 1)
    m = src.shape[1]
    if dim == 2:
        shape, view = (n, c, m, x.shape[3]), (n, 1, m, 1)
    else:
        shape, view = (n, c, x.shape[2], m), (n, 1, 1, m)
    lo_i = lo.long().view(view).expand(shape)
    hi_i = hi.long().view(view).expand(shape)
    w = w.view(view)
    out = torch.gather(x, dim, lo_i) * (1 - w) + torch.gather(x, dim, hi_i) * w
    if zero_outside:
        inside = ((src >= -0.5) & (src <= length - 0.5)).to(x.dtype).view(view)
        out = out * inside
    return out


def body_box(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """The box around the body in x [N,3,S,S] (0..1): first and last row and column (inclusive, as floats [N]) where
    at least BODY_SHARE of the pixels are brighter than BODY_LEVEL; the whole picture when none is. The box is widened
    to at least a quarter of the picture on each axis."""
    s = x.shape[-1]
    body = (x.mean(1) > BODY_LEVEL).to(x.dtype)  # N,S,S
    rev = torch.arange(s - 1, -1, -1)

    def ends(profile):
        hit = (profile >= BODY_SHARE).to(x.dtype)
        first = torch.argmax(hit, dim=1).to(x.dtype)
        last = (s - 1) - torch.argmax(hit.index_select(1, rev), dim=1).to(x.dtype)
        none = hit.sum(1) == 0
        first = torch.where(none, torch.zeros_like(first), first)
        last = torch.where(none, torch.full_like(last, s - 1), last)
        short = (s / 4) - (last - first + 1)
        grow = torch.clamp(short, min=0) / 2
        return (first - grow).clamp(min=0), (last + grow).clamp(max=s - 1)

    top, bottom = ends(body.mean(2))
    left, right = ends(body.mean(1))
    return top, bottom, left, right


def crop_to_box(x: torch.Tensor, box) -> torch.Tensor:
    """The box of each picture stretched to the full S x S (so the body's own width over height no longer shows)."""
    s = x.shape[-1]
    top, bottom, left, right = box
    i = torch.arange(s, dtype=x.dtype).view(1, s) + 0.5
    rows = top.view(-1, 1) + i * ((bottom - top + 1) / s).view(-1, 1) - 0.5
    cols = left.view(-1, 1) + i * ((right - left + 1) / s).view(-1, 1) - 0.5
    return _sample_axis(_sample_axis(x, rows, 2, False), cols, 3, False)


def uncrop_map(cam: torch.Tensor, box, size: int) -> torch.Tensor:
    """Maps [N,C,h,w] computed on the cropped picture, put back where the box lies in the original S x S picture
    (zero outside it), so the heatmap lines up with the picture the person sent."""
    top, bottom, left, right = box
    h, w = cam.shape[2], cam.shape[3]
    cell_h, cell_w = size / h, size / w
    ii = torch.arange(h, dtype=cam.dtype).view(1, h) + 0.5
    jj = torch.arange(w, dtype=cam.dtype).view(1, w) + 0.5
    # centre of each original cell in pixels, then in the crop's cell units
    rows = (ii * cell_h - top.view(-1, 1)) / ((bottom - top + 1) / h).view(-1, 1) - 0.5
    cols = (jj * cell_w - left.view(-1, 1)) / ((right - left + 1) / w).view(-1, 1) - 0.5
    return _sample_axis(_sample_axis(cam, rows, 2, True), cols, 3, True)


class Block(nn.Module):
    def __init__(self, cin: int, cout: int, stride: int):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.skip = None
        if stride != 1 or cin != cout:
            self.skip = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return F.relu(y + (x if self.skip is None else self.skip(x)))


class SmallResNet(nn.Module):
    """Input 0..1 RGB [N,3,S,S]; features at S/16 (CAM resolution); widths chosen for a 2-core CPU."""

    def __init__(
        self,
        classes: int,
        widths=(24, 32, 64, 128, 192),
        dropout: float = 0.2,
        per_image_norm: bool = False,
        body_crop: bool = False,
    ):
        super().__init__()
        # body_crop: the picture is first cropped to the box around the body and stretched back to S x S, so the
        # picture's framing and the chest's width over height (which differ by source in the CT set) carry no signal.
        self.body_crop = body_crop
        # per_image_norm: each image is standardised by its own mean and spread, so overall brightness and contrast
        # (which differ between the CT set's official splits) carry no signal.
        self.per_image_norm = per_image_norm
        w0, w1, w2, w3, w4 = widths
        self.register_buffer("mean", torch.tensor(MEAN).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor(STD).view(1, 3, 1, 1))
        self.stem = nn.Sequential(
            nn.Conv2d(3, w0, 3, 2, 1, bias=False),
            nn.BatchNorm2d(w0),
            nn.ReLU(inplace=True),
        )
        self.stages = nn.Sequential(
            Block(w0, w1, 2),  # S/4
            Block(w1, w2, 2),  # S/8
            Block(w2, w3, 2),  # S/16
            Block(w3, w4, 1),
        )
        self.dropout = nn.Dropout(dropout)
        self.head = nn.Linear(w4, classes)

    def features(self, x):
        if self.body_crop:
            x = crop_to_box(x, body_box(x))
        if self.per_image_norm:
            mean = x.mean(dim=(1, 2, 3), keepdim=True)
            std = x.std(dim=(1, 2, 3), keepdim=True) + 1e-3
            x = (x - mean) / std * 0.25
        else:
            x = (x - self.mean) / self.std
        return self.stages(self.stem(x))

    def forward(self, x):
        f = self.features(x)
        return self.head(self.dropout(f.mean(dim=(2, 3))))


class Exported(nn.Module):
    """What the ONNX file holds: probabilities and, optionally, each class's activation map scaled to 0..1.

    nets: one network, or several trained alike from different seeds (an ensemble: probabilities averaged, maps
    summed in logit units before scaling). views > 1 averages over flipped copies of the image (test-time
    augmentation: 2 = left-right, 4 = also up-down), only for flips the model was trained with; each view's map is
    flipped back before averaging."""

    def __init__(self, nets: SmallResNet | list[SmallResNet], with_cam: bool, views: int = 1, size: int = 0):
        super().__init__()
        self.nets = nn.ModuleList(nets if isinstance(nets, list) else [nets])
        self.with_cam = with_cam
        self.views = views
        if views > 1:
            self.register_buffer("rev_image", torch.arange(size - 1, -1, -1))
            self.register_buffer("rev_map", torch.arange(size // 16 - 1, -1, -1))

    def _flips(self):
        return [(False, False), (False, True)] + ([(True, False), (True, True)] if self.views == 4 else [])

    def forward(self, image):
        probs, cams = 0, 0
        flips = self._flips() if self.views > 1 else [(False, False)]
        for net in self.nets:
            w = net.head.weight  # [C, K]
            for up_down, left_right in flips:
                x = image
                if up_down:
                    x = x.index_select(2, self.rev_image)
                if left_right:
                    x = x.index_select(3, self.rev_image)
                f = net.features(x)
                probs = probs + torch.softmax(net.head(f.mean(dim=(2, 3))), dim=1)
                if self.with_cam:
                    cam = torch.einsum("ck,nkhw->nchw", w, f)
                    if net.body_crop:
                        cam = uncrop_map(cam, body_box(x), x.shape[-1])
                    if up_down:
                        cam = cam.index_select(2, self.rev_map)
                    if left_right:
                        cam = cam.index_select(3, self.rev_map)
                    cams = cams + cam
        probabilities = probs / (len(flips) * len(self.nets))
        if not self.with_cam:
            return probabilities
        cam = F.relu(cams)
        peak = cam.amax(dim=(2, 3), keepdim=True)
        return probabilities, cam / (peak + 1e-6)
