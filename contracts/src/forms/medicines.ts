/**
 * What the medicines page shows and checks before it loads any validation, without zod: the symptom and list
 * limits, who a medicine can be for, the labels of a medicine card and the page's fixed texts. medicines.ts builds
 * the schemas the server validates with from the same values and re-exports them.
 */

export const SYMPTOM_MIN = 2;
/**
 * A symptom as a person writes it: a whole sentence, in any of the three languages ("मैंने गलती से 24 घंटे में 10-12
 * paracetamol 650 खा ली, अब पेट में दर्द है" is 75 characters). 60 cut such sentences before the words that made them
 * an emergency (held-out-pharmacist-2.results.md).
 */
export const SYMPTOM_MAX = 200;
export const SYMPTOMS_MAX = 10;

export const MEDICINES_DISCLAIMER =
  'Information only — not medical advice. Ask a pharmacist or doctor before taking any medicine, especially if you are pregnant, breastfeeding, take other medicines or have a long-term condition.';

export const MEDICINES_SOURCES_NOTE =
  'Sources: our starter catalogue of common generic medicines, written from NHS Medicines A to Z, MedlinePlus drug information and the WHO Model List of Essential Medicines; imported products from Medicine_Details.csv (Kaggle "11000 Medicine details", scraped from the Indian pharmacy 1mg; licence not established), shown as published there.';

/** Who a medicine can be for (PersonSchema's kind). */
export const PERSON_KINDS = ['adult', 'child', 'pregnant', 'breastfeeding'] as const;

/** The oldest child the finder asks about; from 16 a person is treated as an adult for dosing. */
export const CHILD_AGE_YEARS_MAX = 15;
/** An adult's age is optional; from it the finder applies rules for older people (oral NSAIDs from 65). */
export const ADULT_AGE_YEARS_MAX = 120;

/** Long-term conditions that change which medicines suit a person (CONDITION_LABELS). */
export const HEALTH_CONDITIONS = [
  'kidney-disease',
  'stomach-ulcer',
  'asthma',
  'nsaid-sensitive-asthma',
  'high-blood-pressure',
  'heart-failure',
  'heart-disease',
  'liver-disease',
  'diabetes',
  'angle-closure-glaucoma',
  'enlarged-prostate',
] as const;

export const CONDITION_LABELS: Record<(typeof HEALTH_CONDITIONS)[number], string> = {
  'kidney-disease': 'Kidney disease',
  'stomach-ulcer': 'A stomach ulcer now or before, or bleeding from the stomach',
  asthma: 'Asthma',
  'nsaid-sensitive-asthma': 'Asthma or wheeze made worse by ibuprofen, aspirin or another anti-inflammatory painkiller',
  'high-blood-pressure': 'High blood pressure',
  'heart-failure': 'Heart failure',
  'heart-disease': 'Heart disease (angina, a heart attack before, an irregular heartbeat)',
  'liver-disease': 'Liver disease',
  diabetes: 'Diabetes',
  'angle-closure-glaucoma': 'Glaucoma: angle-closure (narrow-angle), or a type you do not know',
  'enlarged-prostate': 'An enlarged prostate (BPH) or trouble passing urine',
};

/** Whose sale rules a card follows (COUNTRY_LABELS); without one the card names the UK's and says so. */
export const FINDER_COUNTRIES = ['IN', 'UK', 'US'] as const;
export const COUNTRY_LABELS: Record<(typeof FINDER_COUNTRIES)[number], string> = {
  IN: 'India',
  UK: 'the UK',
  US: 'the US',
};
export const CHILD_AGE_MONTHS_MAX = 23;

/**
 * otc: sold without a prescription in many countries; prescription: needs one in many countries;
 * unknown: an imported product whose status we could not establish — ask a pharmacist.
 */
export const PRESCRIPTION_STATUSES = ['otc', 'prescription', 'unknown'] as const;

export const PRESCRIPTION_LABELS: Record<(typeof PRESCRIPTION_STATUSES)[number], string> = {
  otc: 'Over the counter',
  prescription: 'Prescription only — ask a doctor',
  unknown: 'Prescription status unknown — ask a pharmacist',
};

/**
 * Who may sell a suggested product, as its card says it: the catalogue's status, made stricter by the medicine
 * facts' UK class. A product with an ingredient sold only by a pharmacist is a pharmacy medicine, whatever the
 * catalogue says.
 */
export const SALE_CLASSES = ['otc', 'pharmacy', 'prescription', 'unknown'] as const;

export const SALE_CLASS_LABELS: Record<(typeof SALE_CLASSES)[number], string> = {
  ...PRESCRIPTION_LABELS,
  pharmacy: 'Pharmacy medicine: ask the pharmacist',
};

export const ASK_A_PHARMACIST = 'Ask a pharmacist for the dose: we have no checked dose for this person.';

/** The most medicines one check takes ("My medicines" and the typed list). */
export const MEDICINE_LIST_MAX = 30;
