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

    def __init__(self, classes: int, widths=(24, 32, 64, 128, 192), dropout: float = 0.2):
        super().__init__()
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
        return self.stages(self.stem((x - self.mean) / self.std))

    def forward(self, x):
        f = self.features(x)
        return self.head(self.dropout(f.mean(dim=(2, 3))))


class Exported(nn.Module):
    """What the ONNX file holds: probabilities and, optionally, each class's activation map scaled to 0..1."""

    def __init__(self, net: SmallResNet, with_cam: bool):
        super().__init__()
        self.net = net
        self.with_cam = with_cam

    def forward(self, image):
        f = self.net.features(image)
        logits = self.net.head(f.mean(dim=(2, 3)))
        probabilities = torch.softmax(logits, dim=1)
        if not self.with_cam:
            return probabilities
        w = self.net.head.weight  # [C, K]
        cam = F.relu(torch.einsum("ck,nkhw->nchw", w, f))
        peak = cam.amax(dim=(2, 3), keepdim=True)
        return probabilities, cam / (peak + 1e-6)
