"""A small residual CNN, trained from scratch, with global-average pooling and one linear layer, so class activation
maps (Zhou et al., CVPR 2016) are exact: the logit of class c is the mean over positions of its map."""
from __future__ import annotations

import torch
from torch import nn
from torch.nn import functional as F

# Per-channel statistics of the pixel range 0..1; the exported graph normalises inside, the server sends 0..1.
MEAN = (0.5, 0.5, 0.5)
STD = (0.25, 0.25, 0.25)


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

    def __init__(self, classes: int, widths=(24, 32, 64, 128, 192), dropout: float = 0.2, per_image_norm: bool = False):
        super().__init__()
        # per_image_norm: each image is standardised by its own mean and spread, so overall brightness and contrast
        # (which differ between the CT set's official splits) carry no signal.
        self.per_image_norm = per_image_norm
        w0, w1, w2, w3, w4 = widths
        self.register_buffer("mean", torch.tensor(MEAN).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor(STD).view(1, 3, 1, 1))
        self.stem = nn.Sequential(
            nn.Conv2d(3, w0, 3, 2, 1, bias=False), nn.BatchNorm2d(w0), nn.ReLU(inplace=True),
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
