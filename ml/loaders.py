"""The data sets of the tabular models, and how each is loaded and recoded into the form's units and codes."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from spec_types import Dataset, Loaded

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
# The data sets
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
