"""What each tabular model is trained on: data sets, form fields, encodings.

Everything here is in the FORM's units and codes (docs/product.md#test-forms). The loaders turn each
data set's own coding into the form's, so the served ONNX graph takes exactly what the form sends.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA_DIR = "../shared/datasets"  # relative to the repository root


def data_dir() -> Path:
    """ML_DATA_DIR if set (relative to the repository root), else the shared data sets folder (see README)."""
    raw = os.environ.get("ML_DATA_DIR") or DEFAULT_DATA_DIR
    path = Path(raw)
    return path if path.is_absolute() else (REPO_ROOT / path).resolve()


# --------------------------------------------------------------------------------------------------------------------
# Form fields and how each one becomes columns of the additive model
# --------------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    key: str  # the form's input name (exact)
    label: str  # human label
    unit: str | None  # None for codes
    type: str  # integer | decimal | code
    min: float  # plausible range: the form's validation range
    max: float
    codes: tuple[tuple[int, str], ...] = ()  # allowed codes with labels (coded fields)
    # encoding of the additive model
    transform: str | None = None  # None | 'log1p'
    basis: str = "linear"  # linear | onehot | spline (linear + hinges at training-fold quantiles)
    knots_q: tuple[float, ...] = (0.25, 0.5, 0.75)
    missing: str | None = None  # None | 'nan' | 'zero_or_nan': these inputs mean "not measured" and are imputed
    indicator: bool = False  # add a 0/1 "was missing" column (it belongs to the same field's contribution)
    note: str = ""

    def describe_encoding(self) -> str:
        parts = []
        if self.missing:
            what = "0 or NaN" if self.missing == "zero_or_nan" else "NaN"
            fill = "most common training answer" if self.type == "code" else "training median"
            parts.append(f"{what} = not measured -> {fill}" + (" + missing indicator" if self.indicator else ""))
        if self.transform == "log1p":
            parts.append("log(1 + x)")
        if self.basis == "onehot":
            parts.append("one-hot over codes " + ", ".join(str(c) for c, _ in self.codes))
        elif self.basis == "spline":
            parts.append("piecewise linear (hinges at the " + ", ".join(f"{q:g}" for q in self.knots_q) + " quantiles)")
        else:
            parts.append("linear")
        parts.append("standardised")
        return "; ".join(parts)


def binary(key: str, label: str, yes: str = "Yes", no: str = "No") -> Field:
    return Field(key, label, None, "code", 0, 1, codes=((0, no), (1, yes)))


def with_encoding(fields: tuple[Field, ...], **overrides: dict) -> tuple[Field, ...]:
    """A copy of `fields` where the named fields get other encoding attributes."""
    unknown = set(overrides) - {f.key for f in fields}
    if unknown:
        raise KeyError(f"unknown fields {sorted(unknown)}")
    return tuple(replace(f, **overrides[f.key]) if f.key in overrides else f for f in fields)


def plain(fields: tuple[Field, ...]) -> tuple[Field, ...]:
    """The textbook baseline: every input as a number, linear, standardised (missing values still imputed)."""
    return tuple(replace(f, transform=None, basis="linear", indicator=False) for f in fields)


@dataclass(frozen=True)
class Variant:
    name: str
    description: str
    fields: tuple[Field, ...] | None = None  # None = the model's own fields
    C: float | None = None  # None = the model's own C
    family: str = "lr"  # lr | hgb


@dataclass(frozen=True)
class Dataset:
    name: str
    file: str  # relative to ML_DATA_DIR
    licence: str
    citation: str
    origin: str
    target: str


@dataclass
class Loaded:
    X: pd.DataFrame  # form keys, form units/codes; NaN = not measured
    y: np.ndarray  # 1 = disease / patient
    rows: dict  # accounting: read, kept, dropped with reasons
    conversions: list[str]  # how the data set's coding became the form's


@dataclass(frozen=True)
class ModelSpec:
    test: str
    title: str
    dataset: Dataset
    fields: tuple[Field, ...]
    load: Callable[[Path], Loaded]
    C: float
    cv_splits: int
    cv_repeats: int
    threshold_rule: dict
    variants: tuple[Variant, ...]
    choice_reason: str
    limitations: tuple[str, ...]
    golden_rows: tuple[int, ...]  # row indices (after filtering) used as golden records
    golden_extra: tuple[dict, ...] = ()  # hand-written records (form values)
    outcome_label: str = ""
    inner_folds: int = 5  # CV inside each training fold for data-driven thresholds; 0 = fitted predictions
    recalibrate: bool = False  # monotone recalibration of the additive score (see risk_model.py)

    @property
    def keys(self) -> list[str]:
        return [f.key for f in self.fields]


# --------------------------------------------------------------------------------------------------------------------
# Coding conversions (unit-tested in test_features.py)
# --------------------------------------------------------------------------------------------------------------------

STATLOG_THAL_TO_FORM = {3: 0, 6: 1, 7: 2}  # normal, fixed defect, reversible defect -> form 0/1/2


def statlog_thal_to_form(values) -> np.ndarray:
    v = np.asarray(values)
    out = np.full(v.shape, np.nan)
    for src, dst in STATLOG_THAL_TO_FORM.items():
        out[v == src] = dst
    if np.isnan(out).any():
        bad = sorted(set(np.asarray(v)[np.isnan(out)].tolist()))
        raise ValueError(f"unexpected Statlog thal codes {bad}")
    return out


def cardio_age_years(age_days) -> np.ndarray:
    """Age in completed years, as a person types it into the form (the data set stores days)."""
    return np.floor(np.asarray(age_days, dtype=float) / 365.25)


CARDIO_FILTER = {
    "ap_hi": (80, 250),  # systolic, mm Hg
    "ap_lo": (40, 160),  # diastolic, mm Hg
    "height": (120, 220),  # cm
    "weight": (30, 250),  # kg
}


def cardio_plausible(df: pd.DataFrame) -> pd.Series:
    """Rows whose measurements a living adult can have; also systolic must exceed diastolic."""
    ok = pd.Series(True, index=df.index)
    for col, (lo, hi) in CARDIO_FILTER.items():
        ok &= df[col].between(lo, hi)
    return ok & (df["ap_lo"] < df["ap_hi"])


def liver_gender_to_form(values) -> np.ndarray:
    mapping = {"Male": 1.0, "Female": 0.0}
    s = pd.Series(values)
    out = s.map(mapping)
    if out.isna().any():
        raise ValueError(f"unexpected Gender values {sorted(set(s[out.isna()]))}")
    return out.to_numpy(dtype=float)


# --------------------------------------------------------------------------------------------------------------------
# Loaders
# --------------------------------------------------------------------------------------------------------------------


def _read(root: Path, ds: Dataset, **kw) -> pd.DataFrame:
    path = root / ds.file
    if not path.exists():
        raise FileNotFoundError(f"{path} not found: set ML_DATA_DIR to the folder holding tabular/ (see ml/README.md)")
    return pd.read_csv(path, **kw)


def load_heart(root: Path) -> Loaded:
    df = _read(root, HEART_DATA)
    X = pd.DataFrame(
        {
            "age": df["Age"],
            "sex": df["Sex"],
            "chest_pain_type": df["Chest pain type"],
            "bp": df["BP"],
            "cholesterol": df["Cholesterol"],
            "fbs_over_120": df["FBS over 120"],
            "ekg_results": df["EKG results"],
            "max_hr": df["Max HR"],
            "exercise_angina": df["Exercise angina"],
            "st_depression": df["ST depression"],
            "slope_of_st": df["Slope of ST"],
            "number_of_vessels_fluro": df["Number of vessels fluro"],
            "thallium": statlog_thal_to_form(df["Thallium"]),
        }
    ).astype(float)
    y = (df["Heart Disease"] == "Presence").astype(int).to_numpy()
    return Loaded(
        X,
        y,
        {"read": len(df), "kept": len(df), "dropped": {}},
        [
            "Thallium: Statlog 3/6/7 (normal/fixed/reversible) -> form 0/1/2",
            "Sex (1 male), chest pain 1-4, FBS and exercise angina 0/1, EKG 0-2, slope 1-3 and vessels 0-3 already "
            "use the form's codes",
            "Target: 'Presence' = 1, 'Absence' = 0",
        ],
    )


def load_diabetes(root: Path) -> Loaded:
    df = _read(root, DIABETES_DATA)
    X = df[
        [
            "Pregnancies",
            "Glucose",
            "BloodPressure",
            "SkinThickness",
            "Insulin",
            "BMI",
            "DiabetesPedigreeFunction",
            "Age",
        ]
    ].astype(float)
    zeros = {c: int((df[c] == 0).sum()) for c in ["Glucose", "BloodPressure", "SkinThickness", "Insulin", "BMI"]}
    return Loaded(
        X,
        df["Outcome"].astype(int).to_numpy(),
        {"read": len(df), "kept": len(df), "dropped": {}, "zeros_meaning_not_measured": zeros},
        [
            "Zeros in Glucose, BloodPressure, SkinThickness, Insulin and BMI mean 'not measured'; they are kept as 0 "
            "in the "
            "input and the model (CV pipeline and ONNX graph alike) imputes them",
            "Target: Outcome 1 = diabetic",
        ],
    )


def load_cardio(root: Path) -> Loaded:
    df = _read(root, CARDIO_DATA, sep=";")
    ok = cardio_plausible(df)
    reasons = {}
    for col, (lo, hi) in CARDIO_FILTER.items():
        reasons[f"{col} outside {lo}-{hi}"] = int((~df[col].between(lo, hi)).sum())
    reasons["ap_lo >= ap_hi"] = int((df["ap_lo"] >= df["ap_hi"]).sum())
    kept = df[ok].reset_index(drop=True)
    X = pd.DataFrame(
        {
            "AGE": cardio_age_years(kept["age"]),
            "GENDER": kept["gender"],
            "HEIGHT": kept["height"],
            "WEIGHT": kept["weight"],
            "AP_HIGH": kept["ap_hi"],
            "AP_LOW": kept["ap_lo"],
            "CHOLESTEROL": kept["cholesterol"],
            "GLUCOSE": kept["gluc"],
            "SMOKE": kept["smoke"],
            "ALCOHOL": kept["alco"],
            "PHYSICAL_ACTIVITY": kept["active"],
        }
    ).astype(float)
    rows = {
        "read": len(df),
        "kept": int(ok.sum()),
        "dropped": {"implausible measurements (any rule)": int((~ok).sum())},
        "rule_hits (a row can hit several)": reasons,
    }
    return Loaded(
        X,
        kept["cardio"].astype(int).to_numpy(),
        rows,
        [
            "age in days -> completed years, floor(days / 365.25), as a person types it",
            "gender 1 = female, 2 = male: the form's GENDER uses the same codes",
            "cholesterol, gluc: 1 normal, 2 above normal, 3 well above normal",
            "rows with implausible measurements dropped: "
            + ", ".join(f"{k} {lo}-{hi}" for k, (lo, hi) in CARDIO_FILTER.items())
            + ", and ap_lo < ap_hi",
        ],
    )


def load_liver(root: Path) -> Loaded:
    df = _read(root, LIVER_DATA)
    X = df[["Age"]].astype(float).copy()
    X["Gender"] = liver_gender_to_form(df["Gender"])
    for c in [
        "Total_Bilirubin",
        "Direct_Bilirubin",
        "Alkaline_Phosphotase",
        "Alamine_Aminotransferase",
        "Aspartate_Aminotransferase",
        "Total_Protiens",
        "Albumin",
        "Albumin_and_Globulin_Ratio",
    ]:
        X[c] = df[c].astype(float)
    y = (df["Dataset"] == 1).astype(int).to_numpy()
    return Loaded(
        X,
        y,
        {
            "read": len(df),
            "kept": len(df),
            "dropped": {},
            "missing Albumin_and_Globulin_Ratio (imputed)": int(df["Albumin_and_Globulin_Ratio"].isna().sum()),
        },
        [
            "Gender Male/Female -> form 1/0",
            "Target: Dataset 1 = liver patient -> 1, Dataset 2 = not a liver patient -> 0",
            "Albumin_and_Globulin_Ratio missing in 4 rows: imputed with the training median",
        ],
    )


# --------------------------------------------------------------------------------------------------------------------
# The four models
# --------------------------------------------------------------------------------------------------------------------

UCI = "CC BY 4.0 (UCI Machine Learning Repository)"

HEART_DATA = Dataset(
    name="Statlog (Heart), UCI",
    file="tabular/heart_statlog.csv",
    licence=UCI,
    citation="Statlog (Heart) data set, UCI Machine Learning Repository (CC BY 4.0). Statlog project; drawn from the "
    "Cleveland heart-disease patients of Detrano et al., Am J Cardiol 1989;64:304-310.",
    origin="GitHub Subham170/IntelliDoc 'models/Heart Disease/Heart_Disease_Prediction.csv'; identical to UCI "
    "heart.dat (all 270 rows)",
    target="Heart Disease: Presence (120) / Absence (150)",
)
DIABETES_DATA = Dataset(
    name="Pima Indians Diabetes (NIDDK)",
    file="tabular/diabetes_pima.csv",
    licence="Originally UCI / NIDDK; Kaggle 'UCI Machine Learning' mirror listed as CC0 (not checked); Debian copies "
    "GPL",
    citation="Smith JW, Everhart JE, Dickson WC, Knowler WC, Johannes RS. Using the ADAP learning algorithm to "
    "forecast "
    "the onset of diabetes mellitus. Proc Annu Symp Comput Appl Med Care 1988:261-265. Data: National Institute "
    "of Diabetes and Digestive and Kidney Diseases.",
    origin="GitHub 9925104006-cpu/Pima-Indians-Diabetes-Dataset 'diabetes.csv'; identical to Debian weka "
    "diabetes.arff and r-cran-mlbench PimaIndiansDiabetes",
    target="Outcome: 1 = diabetic (268), 0 = not (500)",
)
CARDIO_DATA = Dataset(
    name="Cardiovascular Disease dataset (Kaggle, S. Ulianova)",
    file="tabular/cardio_train.csv",
    licence="Unknown (Kaggle): check the original Kaggle page before commercial use",
    citation="Ulianova S. Cardiovascular Disease dataset. Kaggle, 2019.",
    origin="GitHub Dhiraj264/Cardiovascular-disease-Prediction 'templates/cardio_train.csv'; same 70,000 rows as four "
    "other copies",
    target="cardio: 1 = has CVD (34,979), 0 = none (35,021)",
)
LIVER_DATA = Dataset(
    name="Indian Liver Patient Dataset (ILPD), UCI",
    file="tabular/liver_ilpd.csv",
    licence=UCI,
    citation="Ramana BV, Babu MSP, Venkateswarlu NB. ILPD (Indian Liver Patient Dataset). UCI Machine Learning "
    "Repository, "
    "2012 (CC BY 4.0).",
    origin="GitHub lt2726/Liver-Patient 'indian_liver_patient.csv'; identical to UCI 'Indian Liver Patient Dataset "
    "(ILPD).csv' (all 583 rows)",
    target="Dataset: 1 = liver patient (416), 2 = not a liver patient (167)",
)

COMMON_LIMITS = (
    "Not a diagnosis: a statistical estimate from a small research data set; it cannot replace a clinician's "
    "assessment.",
    "The probability reflects the data set's own case mix and prevalence, which is far higher than in the general "
    "public: for a person from the general population the real risk is usually lower than shown.",
    "Inputs outside the training range are extrapolated linearly by the model; the form's validation ranges keep "
    "inputs plausible but cannot make them represented in the data.",
)

# A patient rarely knows the exercise-test, fluoroscopy and thallium results, nor always the ECG or lab values:
# those fields may be sent as NaN ('I don't know'); the model fills in the training median (or the most common answer
# of a coded field), and the server shows how far the estimate could move had they been measured.
HEART_FIELDS = (
    Field("age", "Age", "years", "integer", 18, 100),
    Field("sex", "Sex", None, "code", 0, 1, codes=((0, "Female"), (1, "Male"))),
    Field(
        "chest_pain_type",
        "Chest pain type",
        None,
        "code",
        1,
        4,
        basis="onehot",
        codes=((1, "Typical Angina"), (2, "Atypical Angina"), (3, "Non-Anginal Pain"), (4, "Asymptomatic")),
    ),
    Field("bp", "Resting blood pressure (systolic)", "mm Hg", "integer", 70, 250),
    Field(
        "cholesterol",
        "Serum cholesterol",
        "mg/dL",
        "integer",
        100,
        600,
        missing="nan",
        note="The earlier client's form label reads 'gm/dl'; the values (126-564 in the data) are mg/dL.",
    ),
    replace(binary("fbs_over_120", "Fasting blood sugar over 120 mg/dL"), missing="nan"),
    Field(
        "ekg_results",
        "Resting EKG results",
        None,
        "code",
        0,
        2,
        basis="onehot",
        missing="nan",
        codes=((0, "Normal"), (1, "ST-T wave abnormality"), (2, "Probable or definite left ventricular hypertrophy")),
        note="Code 1 (ST-T abnormality) occurs in only 2 of 270 rows: its weight rests on almost no data.",
    ),
    Field("max_hr", "Maximum heart rate achieved", "beats/min", "integer", 60, 220, missing="nan"),
    replace(binary("exercise_angina", "Exercise-induced angina"), missing="nan"),
    Field("st_depression", "ST depression induced by exercise relative to rest", "mm", "decimal", 0, 7, missing="nan"),
    Field(
        "slope_of_st",
        "Slope of the peak exercise ST segment",
        None,
        "code",
        1,
        3,
        basis="onehot",
        missing="nan",
        codes=((1, "Upsloping"), (2, "Flat"), (3, "Downsloping")),
    ),
    Field(
        "number_of_vessels_fluro",
        "Number of major vessels coloured by fluoroscopy",
        "vessels",
        "integer",
        0,
        3,
        missing="nan",
    ),
    Field(
        "thallium",
        "Thallium stress test",
        None,
        "code",
        0,
        2,
        basis="onehot",
        missing="nan",
        codes=((0, "Normal"), (1, "Fixed Defect"), (2, "Reversible Defect")),
    ),
)

DIABETES_FIELDS = (
    Field("Pregnancies", "Number of pregnancies", "count", "integer", 0, 20),
    Field(
        "Glucose",
        "Plasma glucose, 2 h after an oral glucose tolerance test",
        "mg/dL",
        "integer",
        40,
        300,
        missing="zero_or_nan",
        indicator=False,
    ),
    Field("BloodPressure", "Diastolic blood pressure", "mm Hg", "integer", 30, 140, missing="zero_or_nan"),
    Field("SkinThickness", "Triceps skin-fold thickness", "mm", "integer", 5, 100, missing="zero_or_nan"),
    Field("Insulin", "2-hour serum insulin", "µU/mL", "integer", 10, 900, missing="zero_or_nan"),
    Field("BMI", "Body mass index", "kg/m²", "decimal", 12, 70, missing="zero_or_nan", basis="spline"),
    # Few people know their pedigree score: 'I don't know' (NaN) gets the training median.
    Field(
        "DiabetesPedigreeFunction",
        "Diabetes pedigree function (family history score)",
        "score",
        "decimal",
        0.05,
        2.5,
        missing="nan",
    ),
    Field("Age", "Age", "years", "integer", 21, 100, basis="spline"),
)

DECILE_KNOTS = (0.1, 0.25, 0.5, 0.75, 0.9)

CARDIO_FIELDS = (
    Field("AGE", "Age", "years", "integer", 18, 100, basis="spline", knots_q=DECILE_KNOTS),
    Field("GENDER", "Gender", None, "code", 1, 2, codes=((1, "Female"), (2, "Male"))),
    Field("HEIGHT", "Height", "cm", "integer", 120, 220, basis="spline", knots_q=DECILE_KNOTS),
    Field("WEIGHT", "Weight", "kg", "decimal", 30, 250, basis="spline", knots_q=DECILE_KNOTS),
    Field("AP_HIGH", "Systolic blood pressure", "mm Hg", "integer", 80, 250, basis="spline", knots_q=DECILE_KNOTS),
    Field(
        "AP_LOW",
        "Diastolic blood pressure",
        "mm Hg",
        "integer",
        40,
        160,
        basis="spline",
        knots_q=DECILE_KNOTS,
        note="Must be lower than the systolic pressure (rows breaking this were dropped from training).",
    ),
    Field(
        "CHOLESTEROL",
        "Cholesterol",
        None,
        "code",
        1,
        3,
        basis="onehot",
        codes=((1, "Normal"), (2, "Above normal"), (3, "Well above normal")),
    ),
    Field(
        "GLUCOSE",
        "Glucose",
        None,
        "code",
        1,
        3,
        basis="onehot",
        codes=((1, "Normal"), (2, "Above normal"), (3, "Well above normal")),
    ),
    binary("SMOKE", "Smoking"),
    binary("ALCOHOL", "Alcohol intake"),
    binary("PHYSICAL_ACTIVITY", "Physical activity"),
)

LIVER_FIELDS = (
    Field("Age", "Age", "years", "integer", 1, 100),
    Field("Gender", "Gender", None, "code", 0, 1, codes=((0, "Female"), (1, "Male"))),
    Field("Total_Bilirubin", "Total bilirubin", "mg/dL", "decimal", 0.1, 80, transform="log1p"),
    Field("Direct_Bilirubin", "Direct bilirubin", "mg/dL", "decimal", 0.05, 30, transform="log1p"),
    Field("Alkaline_Phosphotase", "Alkaline phosphatase", "IU/L", "integer", 20, 2500, transform="log1p"),
    Field("Alamine_Aminotransferase", "Alanine aminotransferase (ALT)", "IU/L", "integer", 1, 3000, transform="log1p"),
    Field(
        "Aspartate_Aminotransferase", "Aspartate aminotransferase (AST)", "IU/L", "integer", 1, 5000, transform="log1p"
    ),
    Field("Total_Protiens", "Total proteins", "g/dL", "decimal", 2, 12),
    Field("Albumin", "Albumin", "g/dL", "decimal", 0.5, 7),
    Field("Albumin_and_Globulin_Ratio", "Albumin/globulin ratio", "ratio", "decimal", 0.1, 3.5, missing="nan"),
)


def _heart_threshold():
    return {"rule": "cost", "cost_fn": 5.0, "cost_fp": 1.0}


SPECS: dict[str, ModelSpec] = {}


def register(spec: ModelSpec) -> None:
    SPECS[spec.test] = spec


register(
    ModelSpec(
        test="heart",
        title="Heart disease",
        dataset=HEART_DATA,
        fields=HEART_FIELDS,
        load=load_heart,
        C=0.1,
        cv_splits=10,
        cv_repeats=5,
        outcome_label="heart disease present (angiographic)",
        threshold_rule=_heart_threshold(),
        variants=(
            Variant(
                "lr_plain",
                "Logistic regression, every input as a number (codes too), standardised (the textbook baseline)",
                fields=plain(HEART_FIELDS),
                C=1.0,
            ),
            Variant("lr_C1", "Chosen encoding with weaker regularisation", C=1.0),
            Variant(
                "lr_spline",
                "Chosen encoding + piecewise-linear age, bp, cholesterol, max_hr, st_depression",
                fields=with_encoding(
                    HEART_FIELDS,
                    **{k: {"basis": "spline"} for k in ("age", "bp", "cholesterol", "max_hr", "st_depression")},
                ),
            ),
            Variant("hgb", "HistGradientBoosting on the raw form inputs", family="hgb"),
        ),
        choice_reason=(
            "Nominal codes (chest pain, EKG, slope, thallium) are one-hot; the number of vessels stays a count. C"
            " = 0.1 rather than 1: the same AUC within noise with a better Brier score and steadier weights on "
            "270 rows. Piecewise-linear terms added nothing."
        ),
        limitations=COMMON_LIMITS
        + (
            "270 patients referred for angiography in Cleveland (1980s): a hospital cohort, not the general public; "
            "44 % had disease.",
            "Half of the inputs (ST depression, slope, vessels by fluoroscopy, thallium) come from stress tests and "
            "angiography that a member of the public will not have.",
        ),
        golden_rows=(0, 1, 2, 3),
        golden_extra=(
            {
                "age": 45,
                "sex": 0,
                "chest_pain_type": 3,
                "bp": 120,
                "cholesterol": 200,
                "fbs_over_120": 0,
                "ekg_results": 0,
                "max_hr": 170,
                "exercise_angina": 0,
                "st_depression": 0.0,
                "slope_of_st": 1,
                "number_of_vessels_fluro": 0,
                "thallium": 0,
            },
        ),
    )
)

register(
    ModelSpec(
        test="diabetes",
        title="Diabetes",
        dataset=DIABETES_DATA,
        fields=DIABETES_FIELDS,
        load=load_diabetes,
        C=1.0,
        cv_splits=10,
        cv_repeats=5,
        outcome_label="diabetes (WHO criteria, within 5 years of the exam in the original study)",
        threshold_rule={"rule": "sensitivity", "target": 0.80},
        variants=(
            Variant(
                "lr_plain",
                "Logistic regression on the raw inputs, zeros left as zeros (the textbook baseline)",
                fields=tuple(replace(f, missing=None, indicator=False) for f in plain(DIABETES_FIELDS)),
                C=1.0,
            ),
            Variant(
                "lr_linear",
                "Zeros imputed (training median), every input linear: no piecewise-linear Age and BMI",
                fields=with_encoding(DIABETES_FIELDS, Age={"basis": "linear"}, BMI={"basis": "linear"}),
            ),
            Variant(
                "lr_indicators",
                "Chosen encoding + missing indicators for SkinThickness and Insulin",
                fields=with_encoding(DIABETES_FIELDS, SkinThickness={"indicator": True}, Insulin={"indicator": True}),
            ),
            Variant(
                "lr_spline4",
                "Chosen encoding + piecewise-linear Glucose and DiabetesPedigreeFunction too",
                fields=with_encoding(
                    DIABETES_FIELDS, **{k: {"basis": "spline"} for k in ("Glucose", "DiabetesPedigreeFunction")}
                ),
            ),
            Variant("hgb", "HistGradientBoosting on the raw form inputs (zeros as missing)", family="hgb"),
        ),
        choice_reason=(
            "Zeros are imputed with the training median (the raw zeros cost AUC, see lr_plain). Age and BMI are "
            "piecewise linear: in this cohort the risk climbs steeply through the twenties and thirties and not "
            "after about 40, which a straight line misses. Missing indicators did not help beyond noise, so the "
            "simpler model is served."
        ),
        limitations=COMMON_LIMITS
        + (
            "768 women of Pima heritage aged 21 or more near Phoenix, Arizona (1980s), a population with a very high "
            "rate "
            "of type 2 diabetes: the model does not transfer to men, children or other populations without "
            "re-validation.",
            "Insulin and skin-fold thickness were missing for about half and a third of the women; the model imputes "
            "them, so leaving them out (sending 0) costs little accuracy but the estimate leans on glucose, BMI and "
            "age.",
        ),
        golden_rows=(0, 1, 2, 3),
        golden_extra=(
            {
                "Pregnancies": 2,
                "Glucose": 0,
                "BloodPressure": 0,
                "SkinThickness": 0,
                "Insulin": 0,
                "BMI": 0,
                "DiabetesPedigreeFunction": 0.4,
                "Age": 35,
            },
        ),
    )
)

register(
    ModelSpec(
        test="cardio",
        title="Cardiovascular disease",
        dataset=CARDIO_DATA,
        fields=CARDIO_FIELDS,
        load=load_cardio,
        C=1.0,
        cv_splits=5,
        cv_repeats=2,
        outcome_label="cardiovascular disease present at the examination",
        inner_folds=0,
        recalibrate=True,
        threshold_rule={"rule": "sensitivity", "target": 0.80},
        variants=(
            Variant(
                "lr_plain",
                "Logistic regression, every input linear, standardised (the textbook baseline)",
                fields=plain(CARDIO_FIELDS),
                C=1.0,
            ),
            Variant(
                "lr_linear",
                "Chosen encoding but AGE, HEIGHT, WEIGHT, AP_HIGH, AP_LOW linear (no hinges)",
                fields=with_encoding(
                    CARDIO_FIELDS, **{k: {"basis": "linear"} for k in ("AGE", "HEIGHT", "WEIGHT", "AP_HIGH", "AP_LOW")}
                ),
            ),
            Variant(
                "hgb_additive",
                "HistGradientBoosting with stumps (one split per tree): an additive model too, a "
                "check on how much the piecewise-linear fit leaves",
                family="hgb_stumps",
            ),
            Variant("hgb", "HistGradientBoosting on the raw form inputs (learns interactions)", family="hgb"),
        ),
        choice_reason=(
            "Age, height, weight and both blood pressures are piecewise linear (knots at the 10/25/50/75/90 % "
            "quantiles): clearly better than straight lines (lr_linear). An additive boosted-stump model lands on"
            " the same AUC, so the additive fit is not leaving much; the remaining gap to full gradient boosting "
            "comes from interactions between inputs, which the served model gives up for exact per-field "
            "explanations."
        ),
        limitations=COMMON_LIMITS
        + (
            "Kaggle data of unknown origin and licence (70,000 medical-exam records); the exact definition of the "
            "'cardio' outcome is not published.",
            "Cholesterol and glucose are only coarse bands (normal / above / well above normal), and smoking, alcohol "
            "and "
            "activity were self-reported.",
            "The data set holds ages 29-64 only.",
        ),
        golden_rows=(1, 2, 3, 4),  # row 0 equals the form's defaults, which are the hand-written record
        golden_extra=(
            {
                "AGE": 50,
                "GENDER": 2,
                "HEIGHT": 168,
                "WEIGHT": 62,
                "AP_HIGH": 110,
                "AP_LOW": 80,
                "CHOLESTEROL": 1,
                "GLUCOSE": 1,
                "SMOKE": 0,
                "ALCOHOL": 0,
                "PHYSICAL_ACTIVITY": 1,
            },
        ),
    )
)

register(
    ModelSpec(
        test="liver",
        title="Liver disease",
        dataset=LIVER_DATA,
        fields=LIVER_FIELDS,
        load=load_liver,
        C=0.1,
        cv_splits=10,
        cv_repeats=5,
        outcome_label="liver patient (as labelled by the data set's donors)",
        threshold_rule={"rule": "sensitivity", "target": 0.80},
        variants=(
            Variant(
                "lr_plain",
                "Logistic regression, every input linear, standardised (the textbook baseline)",
                fields=plain(LIVER_FIELDS),
                C=1.0,
            ),
            Variant("lr_log_C1", "Chosen encoding with weaker regularisation", C=1.0),
            Variant(
                "lr_log_spline",
                "Chosen encoding + piecewise-linear log enzymes and Age",
                fields=with_encoding(
                    LIVER_FIELDS,
                    **{
                        k: {"basis": "spline"}
                        for k in (
                            "Age",
                            "Total_Bilirubin",
                            "Alkaline_Phosphotase",
                            "Alamine_Aminotransferase",
                            "Aspartate_Aminotransferase",
                        )
                    },
                ),
            ),
            Variant("hgb", "HistGradientBoosting on the raw form inputs", family="hgb"),
        ),
        choice_reason=(
            "Bilirubins and enzymes enter as log(1 + x) (they span two to three orders of magnitude). C = 0.1: "
            "the same AUC as C = 1 within noise, but with C = 1 the collinear inputs (total vs direct bilirubin; "
            "total protein, albumin and A/G ratio) take unstable weights of opposite signs, which would make the "
            "explanations misleading."
        ),
        limitations=COMMON_LIMITS
        + (
            "583 people from north-east Andhra Pradesh, India; 71 % are labelled liver patients, and how the 'not a "
            "patient' group was chosen is not published.",
            "The label is the donors' patient / non-patient split, not a specific liver disease.",
        ),
        golden_rows=(0, 1, 2, 3),
        golden_extra=(
            {
                "Age": 40,
                "Gender": 0,
                "Total_Bilirubin": 0.8,
                "Direct_Bilirubin": 0.2,
                "Alkaline_Phosphotase": 190,
                "Alamine_Aminotransferase": 25,
                "Aspartate_Aminotransferase": 28,
                "Total_Protiens": 7.0,
                "Albumin": 4.0,
                "Albumin_and_Globulin_Ratio": float("nan"),
            },
        ),
    )
)
