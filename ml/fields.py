"""The form fields of each tabular model, in the form's units and codes, and how each is encoded."""
from __future__ import annotations

from dataclasses import replace

from spec_types import Field, binary

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
