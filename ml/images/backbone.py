"""A pretrained backbone rebuilt in PyTorch from a Keras layer list.

The weights come from the npm package nsfwjs@4.4.0 (MIT; a dev dependency, nothing is fetched at run time):
InceptionV3 (Szegedy et al. 2016) transfer-learned from ImageNet to classify pictures into five classes of nudity
(drawing, hentai, neutral, porn, sexy). Only the layers up to an intermediate block are used here; the top layers,
tuned to that task, are not. `unpack_weights.mjs` writes the layer list and the joined weight bytes to
ml/.cache/pretrained/<name>/; this module dequantises them (w = q * scale + min) and builds the same graph.

Input: float [N, 3, S, S], RGB, 0..1 (what nsfwjs feeds the network: pixels / 255).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / "ml" / ".cache" / "pretrained"
SOURCE = {
    "package": "nsfwjs@4.4.0 (npm, MIT licence, Copyright (c) 2019 Infinite Red, Inc.)",
    "model": "InceptionV3 (Keras 2.2.4), ImageNet weights transfer-learned to classify nudity "
    "(GantMan/nsfw_model, MIT licence, Copyright (c) 2019 Gant Laborde)",
    "used": "the layers up to the named block only; the top layers, tuned to the nudity task, are not used",
}


def unpack(name: str = "inception_v3") -> tuple[dict, bytes]:
    folder = CACHE / name
    if not (folder / "weights.bin").exists():
        subprocess.run(["node", str(Path(__file__).with_name("unpack_weights.mjs")), name], check=True)
    return json.loads((folder / "model.json").read_text()), (folder / "weights.bin").read_bytes()


def dequantise(model: dict, raw: bytes) -> dict[str, np.ndarray]:
    out, at = {}, 0
    for spec in (w for group in model["weightsManifest"] for w in group["weights"]):
        n = int(np.prod(spec["shape"]))
        q = spec["quantization"]
        if q["dtype"] != "uint8":
            raise ValueError(f"{spec['name']}: quantisation {q['dtype']} not handled")
        values = np.frombuffer(raw, dtype=np.uint8, count=n, offset=at).astype(np.float64) * q["scale"] + q["min"]
        out[spec["name"]] = values.astype(np.float32).reshape(spec["shape"])
        at += n
    if at != len(raw):
        raise ValueError(f"manifest covers {at} bytes of {len(raw)}")
    return out


class KerasGraph(nn.Module):
    """The Keras functional graph up to the layers named in `outputs`, evaluated in the layers' own order; returns
    their values (channels first), one tensor when one layer is named."""

    def __init__(self, model: dict, weights: dict[str, np.ndarray], outputs: tuple[str, ...]):
        super().__init__()
        layers = {entry["name"]: entry for entry in model["modelTopology"]["model_config"]["config"]["layers"]}
        needed, stack = set(), list(outputs)
        while stack:
            name = stack.pop()
            if name not in needed:
                needed.add(name)
                stack += [node[0] for inbound in layers[name]["inbound_nodes"] for node in inbound]
        self.order = [
            entry for entry in model["modelTopology"]["model_config"]["config"]["layers"] if entry["name"] in needed
        ]
        self.outputs = outputs
        self.mods = nn.ModuleDict()
        for layer in self.order:
            mod = self._module(layer, weights)
            if mod is not None:
                self.mods[layer["name"]] = mod
        self.eval()

    @staticmethod
    def _module(layer: dict, weights: dict[str, np.ndarray]) -> nn.Module | None:
        kind, cfg, name = layer["class_name"], layer["config"], layer["name"]
        if kind == "Conv2D":
            if cfg["padding"] == "same" and cfg["strides"] != [1, 1]:
                raise ValueError(f"{name}: 'same' padding with stride {cfg['strides']} is asymmetric in Keras")
            kh, kw = cfg["kernel_size"]
            pad = (kh // 2, kw // 2) if cfg["padding"] == "same" else (0, 0)
            kernel = weights[f"{name}/kernel"]  # [kh, kw, in, out]
            conv = nn.Conv2d(
                kernel.shape[2], kernel.shape[3], (kh, kw), tuple(cfg["strides"]), pad, bias=cfg["use_bias"]
            )
            conv.weight.data = torch.from_numpy(kernel.transpose(3, 2, 0, 1).copy())
            if cfg["use_bias"]:
                conv.bias.data = torch.from_numpy(weights[f"{name}/bias"])
            if cfg["activation"] != "linear":
                raise ValueError(f"{name}: activation {cfg['activation']} inside a convolution not handled")
            return conv
        if kind == "BatchNormalization":
            mean = weights[f"{name}/moving_mean"]
            bn = nn.BatchNorm2d(mean.shape[0], eps=cfg["epsilon"])
            bn.running_mean.data = torch.from_numpy(mean)
            bn.running_var.data = torch.from_numpy(weights[f"{name}/moving_variance"])
            bn.weight.data = torch.from_numpy(weights[f"{name}/gamma"]) if cfg["scale"] else torch.ones_like(bn.weight)
            bn.bias.data = torch.from_numpy(weights[f"{name}/beta"]) if cfg["center"] else torch.zeros_like(bn.bias)
            return bn
        if kind == "Dense":
            kernel = weights[f"{name}/kernel"]  # [in, out]
            dense = nn.Linear(kernel.shape[0], kernel.shape[1])
            dense.weight.data = torch.from_numpy(kernel.T.copy())
            dense.bias.data = torch.from_numpy(weights[f"{name}/bias"])
            return dense
        return None

    def _apply(self, layer: dict, inputs: list[torch.Tensor]) -> torch.Tensor:
        kind, cfg, name = layer["class_name"], layer["config"], layer["name"]
        x = inputs[0] if inputs else None
        if kind in ("Conv2D", "BatchNormalization"):
            return self.mods[name](x)
        if kind == "Activation":
            if cfg["activation"] != "relu":
                raise ValueError(f"{name}: activation {cfg['activation']} not handled")
            return F.relu(x)
        if kind in ("MaxPooling2D", "AveragePooling2D"):
            k, s = tuple(cfg["pool_size"]), tuple(cfg["strides"])
            pad = (k[0] // 2, k[1] // 2) if cfg["padding"] == "same" else (0, 0)
            if cfg["padding"] == "same" and s != (1, 1):
                raise ValueError(f"{name}: 'same' pooling with stride {s} not handled")
            if kind == "MaxPooling2D":
                return F.max_pool2d(x, k, s, pad)
            # Keras averages over the picture's own cells only (padding is not counted).
            return F.avg_pool2d(x, k, s, pad, count_include_pad=False)
        if kind == "Concatenate":
            return torch.cat(inputs, dim=1)
        if kind == "Flatten":
            return x.permute(0, 2, 3, 1).reshape(x.shape[0], -1)  # Keras flattens channels last
        if kind == "Dense":
            y = self.mods[name](x)
            act = cfg["activation"]
            return F.relu(y) if act == "relu" else torch.softmax(y, dim=1) if act == "softmax" else y
        if kind == "Dropout":
            return x
        raise ValueError(f"{name}: layer {kind} not handled")

    def forward(self, image: torch.Tensor) -> torch.Tensor | list[torch.Tensor]:
        values: dict[str, torch.Tensor] = {}
        for layer in self.order:
            if layer["class_name"] == "InputLayer":
                values[layer["name"]] = image
                continue
            inputs = [values[node[0]] for inbound in layer["inbound_nodes"] for node in inbound]
            values[layer["name"]] = self._apply(layer, inputs)
        out = [values[name] for name in self.outputs]
        return out[0] if len(out) == 1 else out


def backbone(*outputs: str, name: str = "inception_v3") -> KerasGraph:
    model, raw = unpack(name)
    net = KerasGraph(model, dequantise(model, raw), outputs or ("mixed5",))
    for p in net.parameters():
        p.requires_grad_(False)
    return net


if __name__ == "__main__":
    net = backbone(*sys.argv[1:])
    with torch.no_grad():
        print(net(torch.rand(1, 3, 299, 299)).shape)
