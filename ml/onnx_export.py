"""Writes the fitted additive model as an ONNX graph by hand (no skl2onnx in this environment).

Input  `features`      float32 [N, F]: raw form values in the card's feature order (form units and codes; NaN, or 0
                       where the card says so, = not measured).
Output `probability`   float32 [N, 1]  = sigmoid(logit), or sigmoid(recalibrated logit) where the card says so
       `logit`         float32 [N, 1]  = bias + sum(contributions): the additive score
       `contributions` float32 [N, F]  per-field logit contributions, one column per form field, same order as input.
"""
from __future__ import annotations

import hashlib

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from encoding import AdditiveEncoder

OPSET = 17
INPUT = "features"
OUTPUTS = ("probability", "logit", "contributions")


class _Graph:
    def __init__(self):
        self.nodes, self.inits, self._n = [], [], 0

    def name(self, hint: str) -> str:
        self._n += 1
        return f"{hint}_{self._n}"

    def const(self, hint: str, value, dtype=np.float32) -> str:
        n = self.name(hint)
        self.inits.append(numpy_helper.from_array(np.asarray(value, dtype=dtype), n))
        return n

    def op(self, op_type: str, inputs: list[str], hint: str, n_out: int = 1, **attrs) -> str | list[str]:
        outs = [self.name(hint) for _ in range(n_out)]
        self.nodes.append(helper.make_node(op_type, inputs, outs, name=self.name(op_type), **attrs))
        return outs[0] if n_out == 1 else outs


def build(enc: AdditiveEncoder, coef: np.ndarray, intercept: float, graph_name: str, recal=None) -> onnx.ModelProto:
    """recal: a risk_model.Recalibration or None (then probability = sigmoid(logit))."""
    fields = enc.fields
    F = len(fields)
    g = _Graph()
    cols = g.op("Split", [INPUT], "col", n_out=F, axis=1)  # F tensors [N, 1]
    pieces: list[str] = []
    for i, f in enumerate(fields):
        x = cols[i]
        key = f.key.lower()
        state = enc.states_[i]
        mask = None
        if f.missing is not None:
            mask = g.op("IsNaN", [x], f"{key}_isnan")
            if f.missing == "zero_or_nan":
                zero = g.op("Equal", [x, g.const("zero", [0.0])], f"{key}_is0")
                mask = g.op("Or", [mask, zero], f"{key}_missing")
            x = g.op("Where", [mask, g.const(f"{key}_median", [state["median"]]), x], f"{key}_imputed")
        if f.transform == "log1p":
            x = g.op("Log", [g.op("Add", [x, g.const("one", [1.0])], f"{key}_p1")], f"{key}_log1p")
        if f.basis == "onehot":
            eq = g.op("Equal", [x, g.const(f"{key}_codes", [c for c, _ in f.codes])], f"{key}_eq")
            pieces.append(g.op("Cast", [eq], f"{key}_onehot", to=TensorProto.FLOAT))
        else:
            pieces.append(x)
            if f.basis == "spline" and state["knots"]:
                pieces.append(
                    g.op(
                        "Relu", [g.op("Sub", [x, g.const(f"{key}_knots", state["knots"])], f"{key}_d")], f"{key}_hinge"
                    )
                )
        if f.indicator:
            pieces.append(g.op("Cast", [mask], f"{key}_ind", to=TensorProto.FLOAT))
    Z = g.op("Concat", pieces, "design", axis=1)
    centred = g.op("Sub", [Z, g.const("mean", enc.mean_)], "centred")
    # contributions = centred @ W, W[j, owner(j)] = coef_j / sd_j  (standardisation folded into the weights)
    W = np.zeros((len(enc.mean_), F))
    W[np.arange(len(enc.mean_)), enc.owner_] = coef / enc.sd_
    g.nodes.append(helper.make_node("MatMul", [centred, g.const("weights", W)], ["contributions"], name="contrib"))
    total = g.op("ReduceSum", ["contributions", g.const("axis1", [1], np.int64)], "sum", keepdims=1)
    g.nodes.append(helper.make_node("Add", [total, g.const("bias", [intercept])], ["logit"], name="add_bias"))
    if recal is None:
        g.nodes.append(helper.make_node("Sigmoid", ["logit"], ["probability"], name="sigmoid"))
    else:
        # calibrated logit = a + b*logit + sum_k h_k * relu(logit - knot_k)
        hinge = g.op("Relu", [g.op("Sub", ["logit", g.const("recal_knots", recal.knots)], "recal_d")], "recal_hinge")
        bent = g.op("MatMul", [hinge, g.const("recal_hinges", np.array(recal.hinges)[:, None])], "recal_bend")
        lin = g.op(
            "Add",
            [
                g.op("Mul", ["logit", g.const("recal_slope", [recal.slope])], "recal_scaled"),
                g.const("recal_intercept", [recal.intercept]),
            ],
            "recal_lin",
        )
        cal = g.op("Add", [lin, bent], "calibrated_logit")
        g.nodes.append(helper.make_node("Sigmoid", [cal], ["probability"], name="sigmoid"))

    graph = helper.make_graph(
        g.nodes,
        graph_name,
        [helper.make_tensor_value_info(INPUT, TensorProto.FLOAT, ["N", F])],
        [
            helper.make_tensor_value_info("probability", TensorProto.FLOAT, ["N", 1]),
            helper.make_tensor_value_info("logit", TensorProto.FLOAT, ["N", 1]),
            helper.make_tensor_value_info("contributions", TensorProto.FLOAT, ["N", F]),
        ],
        initializer=g.inits,
    )
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="medibuddy-ml", producer_version="1"
    )
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def content_hash(model: onnx.ModelProto) -> str:
    return hashlib.sha256(model.SerializeToString(deterministic=True)).hexdigest()[:10]


def finish(model: onnx.ModelProto, version: str, doc: str, meta: dict[str, str]) -> bytes:
    model.doc_string = doc
    model.model_version = 1
    helper.set_model_props(model, {"version": version, **meta})
    onnx.checker.check_model(model)
    return model.SerializeToString(deterministic=True)
