/**
 * Disease content shown on the result page of every test: title, description, 5 symptoms, 5 precautions,
 * when to seek care, and the sources each entry was written from.
 *
 * Written in plain language (reading age about 12, American spelling) from the facts in U.S. government
 * public-domain pages (MedlinePlus, NHLBI, NIDDK, National Cancer Institute, NIHSeniorHealth, GARD) as
 * collected in MedQuAD. A few skin entries also rely on public pages outside the bundled data; those
 * sources say so in their `note`. Nothing here has been reviewed by a clinician yet (`reviewedBy: null`).
 * See SOURCES.md in this folder for every source and its licence.
 */
import {
  CONTENT_UPDATED,
  ContentSourceSchema,
  DiseaseContentSchema,
  type ContentSource,
  type DiseaseContent,
} from '@medibuddy/contracts';

// The schema is the contract's (the web parses the same entries); re-exported for the server's own readers.
export { CONTENT_UPDATED, ContentSourceSchema, DiseaseContentSchema, type ContentSource, type DiseaseContent };

export const DISEASE_CONTENT_KEYS = [
  // clinical tests
  'heart_disease',
  'cardiovascular_disease',
  'diabetes',
  'liver_disease',
  'kidney_stones',
  // blood test (diabetes is shared)
  'anemia',
  'thalassemia',
  'thrombocytopenia',
  'healthy_blood',
  // eye (fundus) images
  'cataract',
  'diabetic_retinopathy',
  'glaucoma',
  'normal_fundus',
  // chest CT images
  'lung_cancer',
  'normal_chest_ct',
  // skin images (the 9 ISIC classes)
  'actinic_keratosis',
  'basal_cell_carcinoma',
  'dermatofibroma',
  'melanoma',
  'nevus',
  'pigmented_benign_keratosis',
  'seborrheic_keratosis',
  'squamous_cell_carcinoma',
  'vascular_lesion',
] as const;
export type DiseaseContentKey = (typeof DISEASE_CONTENT_KEYS)[number];

/** Which content keys each test's results can lead to. */
export const CONTENT_KEYS_BY_TEST = {
  heart: ['heart_disease'],
  cardio: ['cardiovascular_disease'],
  diabetes: ['diabetes'],
  liver: ['liver_disease'],
  kidney_stone: ['kidney_stones'],
  blood: ['anemia', 'healthy_blood', 'diabetes', 'thalassemia', 'thrombocytopenia'],
  cataract: ['cataract', 'diabetic_retinopathy', 'glaucoma', 'normal_fundus'],
  diabetic_retinopathy: ['diabetic_retinopathy', 'cataract', 'glaucoma', 'normal_fundus'],
  ct_scan: ['lung_cancer', 'normal_chest_ct'],
  skin: [
    'actinic_keratosis',
    'basal_cell_carcinoma',
    'dermatofibroma',
    'melanoma',
    'nevus',
    'pigmented_benign_keratosis',
    'seborrheic_keratosis',
    'squamous_cell_carcinoma',
    'vascular_lesion',
  ],
} as const satisfies Record<string, readonly DiseaseContentKey[]>;

/* ----------------------------------------------------------------------------------------------------------
 * Sources. Bundled ones come from MedQuAD (the original U.S. government page is the url); the others are
 * marked 'not from the bundled data'.
 * -------------------------------------------------------------------------------------------------------- */

const MEDQUAD = 'via MedQuAD (Ben Abacha & Demner-Fushman 2019, CC BY 4.0)';
const NOT_BUNDLED = 'not from the bundled data';

const MEDLINEPLUS = 'MedlinePlus, U.S. National Library of Medicine';
const NHLBI = 'National Heart, Lung, and Blood Institute (NHLBI)';
const NIDDK = 'National Institute of Diabetes and Digestive and Kidney Diseases (NIDDK)';
const NCI = 'National Cancer Institute';
const NIH_SENIOR_HEALTH = 'NIHSeniorHealth, National Institutes of Health';
const GARD = 'Genetic and Rare Diseases Information Center (GARD), National Institutes of Health';

const mp = (title: string, page: string): ContentSource => ({
  title,
  publisher: MEDLINEPLUS,
  url: `https://www.nlm.nih.gov/medlineplus/${page}.html`,
  note: MEDQUAD,
});
const src = (title: string, publisher: string, url: string): ContentSource => ({ title, publisher, url, note: MEDQUAD });

const S = {
  // heart and blood vessels
  chd: src('Coronary Heart Disease', NHLBI, 'http://www.nhlbi.nih.gov/health/health-topics/topics/cad'),
  heartAttack: src('Heart Attack', NHLBI, 'http://www.nhlbi.nih.gov/health/health-topics/topics/heartattack'),
  chdRiskFactors: src('Coronary Heart Disease Risk Factors', NHLBI, 'http://www.nhlbi.nih.gov/health/health-topics/topics/hd'),
  highBloodPressure: src('High Blood Pressure', NHLBI, 'http://www.nhlbi.nih.gov/health/health-topics/topics/hbp'),
  mpHeartAttack: mp('Heart Attack', 'heartattack'),
  mpHeartPrevention: mp('Heart Diseases--Prevention', 'heartdiseasesprevention'),
  mpHighBloodPressure: mp('High Blood Pressure', 'highbloodpressure'),
  mpCholesterol: mp('Cholesterol', 'cholesterol'),
  mpStroke: mp('Stroke', 'stroke'),
  // diabetes
  diabetesSenior: src('Diabetes', NIH_SENIOR_HEALTH, 'http://nihseniorhealth.gov/diabetes/toc.html'),
  mpDiabetesType2: mp('Diabetes Type 2', 'diabetestype2'),
  mpPrediabetes: mp('Prediabetes', 'prediabetes'),
  mpDiabetesComplications: mp('Diabetes Complications', 'diabetescomplications'),
  mpHypoglycemia: mp('Hypoglycemia', 'hypoglycemia'),
  // liver
  cirrhosis: src(
    'Cirrhosis',
    NIDDK,
    'http://www.niddk.nih.gov/health-information/health-topics/liver-disease/cirrhosis/Pages/facts.aspx',
  ),
  cirrhosisEasy: src(
    'What I need to know about Cirrhosis',
    NIDDK,
    'http://www.niddk.nih.gov/health-information/health-topics/liver-disease/cirrhosis/Pages/ez.aspx',
  ),
  nash: src(
    'Nonalcoholic Steatohepatitis',
    NIDDK,
    'http://www.niddk.nih.gov/health-information/health-topics/liver-disease/nonalcoholic-steatohepatitis/Pages/facts.aspx',
  ),
  mpLiverDiseases: mp('Liver Diseases', 'liverdiseases'),
  mpLiverFunctionTests: mp('Liver Function Tests', 'liverfunctiontests'),
  // kidney stones
  kidneyStones: src(
    'Kidney Stones in Adults',
    NIDDK,
    'http://www.niddk.nih.gov/health-information/health-topics/urologic-disease/kidney-stones-in-adults/Pages/facts.aspx',
  ),
  mpKidneyStones: mp('Kidney Stones', 'kidneystones'),
  // blood
  anemia: src('Anemia', NHLBI, 'http://www.nhlbi.nih.gov/health/health-topics/topics/anemia'),
  ironDeficiencyAnemia: src('Iron-Deficiency Anemia', NHLBI, 'http://www.nhlbi.nih.gov/health-topics/topics/ida'),
  mpAnemia: mp('Anemia', 'anemia'),
  mpIron: mp('Iron', 'iron'),
  thalassemias: src('Thalassemias', NHLBI, 'http://www.nhlbi.nih.gov/health/health-topics/topics/thalassemia'),
  mpThalassemia: mp('Thalassemia', 'thalassemia'),
  thrombocytopenia: src('Thrombocytopenia', NHLBI, 'http://www.nhlbi.nih.gov/health/health-topics/topics/thcp'),
  mpPlateletDisorders: mp('Platelet Disorders', 'plateletdisorders'),
  mpBlood: mp('Blood', 'blood'),
  mpBloodCountTests: mp('Blood Count Tests', 'bloodcounttests'),
  // eyes
  cataractSenior: src('Cataract', NIH_SENIOR_HEALTH, 'http://nihseniorhealth.gov/cataract/toc.html'),
  mpCataract: mp('Cataract', 'cataract'),
  retinopathySenior: src('Diabetic Retinopathy', NIH_SENIOR_HEALTH, 'http://nihseniorhealth.gov/diabeticretinopathy/toc.html'),
  mpDiabeticEyeProblems: mp('Diabetic Eye Problems', 'diabeticeyeproblems'),
  glaucomaSenior: src('Glaucoma', NIH_SENIOR_HEALTH, 'http://nihseniorhealth.gov/glaucoma/toc.html'),
  mpGlaucoma: mp('Glaucoma', 'glaucoma'),
  mpEyeDiseases: mp('Eye Diseases', 'eyediseases'),
  mpRetinalDetachment: mp('Retinal Detachment', 'retinaldetachment'),
  // lungs
  lungSenior: src('Lung Cancer', NIH_SENIOR_HEALTH, 'http://nihseniorhealth.gov/lungcancer/toc.html'),
  nsclc: src(
    'Non-Small Cell Lung Cancer Treatment (PDQ) - Patient Version',
    NCI,
    'https://www.cancer.gov/types/lung/patient/non-small-cell-lung-treatment-pdq',
  ),
  lungPrevention: src(
    'Lung Cancer Prevention (PDQ) - Patient Version',
    NCI,
    'https://www.cancer.gov/types/lung/patient/lung-prevention-pdq',
  ),
  lungScreening: src(
    'Lung Cancer Screening (PDQ) - Patient Version',
    NCI,
    'https://www.cancer.gov/types/lung/patient/lung-screening-pdq',
  ),
  mpLungCancer: mp('Lung Cancer', 'lungcancer'),
  // skin
  skinSenior: src('Skin Cancer', NIH_SENIOR_HEALTH, 'http://nihseniorhealth.gov/skincancer/toc.html'),
  skinTreatment: src(
    'Skin Cancer Treatment (PDQ) - Patient Version',
    NCI,
    'https://www.cancer.gov/types/skin/patient/skin-treatment-pdq',
  ),
  skinPrevention: src(
    'Skin Cancer Prevention (PDQ) - Patient Version',
    NCI,
    'https://www.cancer.gov/types/skin/patient/skin-prevention-pdq',
  ),
  melanomaTreatment: src(
    'Melanoma Treatment (PDQ) - Patient Version',
    NCI,
    'https://www.cancer.gov/types/skin/patient/melanoma-treatment-pdq',
  ),
  childVascularTumors: src(
    'Childhood Vascular Tumors Treatment (PDQ) - Patient Version',
    NCI,
    'https://www.cancer.gov/types/soft-tissue-sarcoma/patient/child-vascular-tumors-treatment-pdq',
  ),
  mpMelanoma: mp('Melanoma', 'melanoma'),
  mpSkinCancer: mp('Skin Cancer', 'skincancer'),
  mpMoles: mp('Moles', 'moles'),
  mpSunExposure: mp('Sun Exposure', 'sunexposure'),
  mpSkinAging: mp('Skin Aging', 'skinaging'),
  gardSquamousCell: src(
    'Squamous cell carcinoma',
    GARD,
    'https://rarediseases.info.nih.gov/gard/1091/squamous-cell-carcinoma',
  ),
  gardPyogenicGranuloma: src(
    'Pyogenic granuloma',
    GARD,
    'https://rarediseases.info.nih.gov/gard/10963/pyogenic-granuloma',
  ),
  // outside the bundled data
  dermnetDermatofibroma: {
    title: 'Dermatofibroma',
    publisher: 'DermNet (New Zealand)',
    url: 'https://dermnetnz.org/topics/dermatofibroma',
    note: NOT_BUNDLED,
  },
  dermnetSolarLentigo: {
    title: 'Solar lentigo',
    publisher: 'DermNet (New Zealand)',
    url: 'https://dermnetnz.org/topics/solar-lentigo',
    note: NOT_BUNDLED,
  },
  dermnetCherryAngioma: {
    title: 'Cherry angioma',
    publisher: 'DermNet (New Zealand)',
    url: 'https://dermnetnz.org/topics/cherry-angioma',
    note: NOT_BUNDLED,
  },
  mpSeborrheicKeratosis: {
    title: 'Seborrheic keratosis (Medical Encyclopedia)',
    publisher: MEDLINEPLUS,
    url: 'https://medlineplus.gov/ency/article/000884.htm',
    note: NOT_BUNDLED,
  },
} satisfies Record<string, ContentSource>;

const NORMAL_LABELS = { symptoms: 'Signs to still get checked', precautions: 'Ways to stay healthy' };
const BENIGN_LABELS = { symptoms: 'What it usually looks like', precautions: 'What you can do' };

const common = { reviewedBy: null, updated: CONTENT_UPDATED } as const;

/** Notes for the CT test's classes, which all lead to the lung_cancer entry (or normal_chest_ct). */
export const LUNG_CT_CLASS_NOTES = {
  adenocarcinoma:
    'Adenocarcinoma is a kind of non-small cell lung cancer. It starts in mucus-making cells that line the tiny air sacs of the lung. Only a biopsy can confirm the type.',
  large_cell_carcinoma:
    'Large cell carcinoma is a kind of non-small cell lung cancer. It can begin in several types of large cells in the lung. Only a biopsy can confirm the type.',
  squamous_cell_carcinoma:
    'Squamous cell carcinoma of the lung is a kind of non-small cell lung cancer. It begins in thin, flat cells, often in the airways. Only a biopsy can confirm the type.',
  normal_chest_ct:
    'The model did not find signs of the three lung cancer types it was trained on. It cannot rule out cancer or other lung problems.',
} as const;
export type LungCtClass = keyof typeof LUNG_CT_CLASS_NOTES;

export const DISEASE_CONTENT: Readonly<Record<DiseaseContentKey, DiseaseContent>> = {
  /* ------------------------------------------------ clinical tests ------------------------------------------------ */
  heart_disease: {
    key: 'heart_disease',
    title: 'Coronary heart disease',
    category: 'condition',
    description:
      'Coronary heart disease is the most common kind of heart disease. A waxy material called plaque slowly builds up inside the arteries that feed the heart. Less blood can then reach the heart, which can cause chest pain or a heart attack.',
    symptoms: [
      'Chest pain or discomfort (angina) that feels like pressure or squeezing',
      'Pain that spreads to the shoulders, arms, neck, jaw or back',
      'Chest pain that comes on with activity or stress and eases with rest',
      'Shortness of breath or getting tired easily',
      'Some people have no symptoms until they have a heart attack',
    ],
    precautions: [
      'Do not smoke, and stay away from other people’s smoke',
      'Eat plenty of vegetables, fruit, whole grains and fish, and less salt, sugar and red meat',
      'Aim for about 150 minutes of brisk walking or similar activity each week, if your doctor agrees',
      'Have your blood pressure, cholesterol and blood sugar checked, and keep them in a healthy range',
      'Keep a healthy weight, find healthy ways to handle stress, and take any prescribed medicine as directed',
    ],
    whenToSeekCare: [
      'Chest pain, pressure or squeezing that lasts more than a few minutes, or goes away and comes back: call your local emergency number now.',
      'Chest discomfort with shortness of breath, a cold sweat, nausea or light-headedness: call your local emergency number now.',
      'Chest pain that is new, comes more often, or starts while you are resting: get medical help right away.',
    ],
    sources: [S.chd, S.heartAttack, S.mpHeartAttack],
    ...common,
  },

  cardiovascular_disease: {
    key: 'cardiovascular_disease',
    title: 'Cardiovascular disease risk',
    category: 'condition',
    description:
      'Cardiovascular disease means problems of the heart and blood vessels, such as heart attack and stroke. High blood pressure, high cholesterol, high blood sugar, smoking and too little activity all raise the risk. Most of these can be changed.',
    labels: { symptoms: 'Possible signs', precautions: 'Ways to lower your risk' },
    symptoms: [
      'High blood pressure and high cholesterol usually cause no symptoms, so only checks can find them',
      'Chest pain, pressure or tightness, often during activity',
      'Shortness of breath or unusual tiredness',
      'Discomfort in the arms, back, neck, jaw or upper stomach',
      'Pain, cramping or heaviness in the legs when walking that eases with rest',
    ],
    precautions: [
      'Have your blood pressure checked at least once a year, or more often if your doctor asks',
      'Ask your doctor about tests for cholesterol and blood sugar',
      'If you smoke, get help to quit; your heart starts to benefit soon after you stop',
      'Be active most days, for example brisk walking, building up to about 150 minutes a week',
      'Eat less salt and fewer sugary foods and drinks, and limit alcohol',
    ],
    whenToSeekCare: [
      'Chest pain or discomfort, trouble breathing, or pain in the arm, jaw or back: call your local emergency number now.',
      'Sudden weakness or numbness of the face, arm or leg, trouble speaking, or trouble seeing can mean a stroke: call your local emergency number now.',
    ],
    sources: [S.chdRiskFactors, S.highBloodPressure, S.mpHeartPrevention, S.mpHighBloodPressure, S.mpCholesterol, S.mpStroke],
    ...common,
  },

  diabetes: {
    key: 'diabetes',
    title: 'Type 2 diabetes',
    category: 'condition',
    description:
      'Diabetes means there is too much sugar (glucose) in your blood. With type 2, the most common kind, the body does not make or use insulin well. Over the years, high blood sugar can harm the heart, eyes, kidneys and nerves. It can be managed, and in people at risk it can often be delayed.',
    symptoms: [
      'Often no symptoms at first; they tend to come on slowly',
      'Feeling very thirsty and needing to pass urine often',
      'Feeling very hungry or tired',
      'Losing weight without trying',
      'Sores that heal slowly, blurry eyesight, or tingling in the feet',
    ],
    precautions: [
      'Ask your doctor about a blood sugar test such as the A1C, especially if you are 45 or older or overweight',
      'If you are overweight, losing a small amount, about 5 to 7 percent of your weight, can lower your risk',
      'Move for about 30 minutes on most days, such as a brisk walk',
      'Choose vegetables, whole grains and water, eat smaller portions, and cut down on sugary drinks',
      'If you have diabetes, keep regular check-ups, including a yearly eye exam and foot checks',
    ],
    whenToSeekCare: [
      'If you have diabetes and feel sick to your stomach, very sluggish or shaky, your blood sugar may be far too high or too low: get emergency care.',
      'Confusion, trouble speaking or passing out in someone with diabetes: call your local emergency number now.',
      'Strong thirst, passing a lot of urine and weight loss without trying: see a doctor soon for a blood sugar test.',
    ],
    sources: [S.diabetesSenior, S.mpDiabetesType2, S.mpPrediabetes, S.mpDiabetesComplications, S.mpHypoglycemia],
    ...common,
  },

  liver_disease: {
    key: 'liver_disease',
    title: 'Chronic liver disease',
    category: 'condition',
    description:
      'The liver helps digest food, store energy and remove harmful substances. Years of damage from alcohol, hepatitis viruses or extra fat in the liver can scar it. Heavy scarring is called cirrhosis. Blood tests such as liver enzymes, bilirubin and albumin help doctors check the liver.',
    symptoms: [
      'Often no symptoms in the early stages',
      'Feeling tired and weak, with little appetite or some nausea',
      'Itchy skin',
      'Yellow skin or yellow whites of the eyes (jaundice)',
      'Swelling of the belly, legs, ankles or feet',
    ],
    precautions: [
      'Limit alcohol; if a doctor finds liver damage, do not drink alcohol at all',
      'Ask your doctor about vaccines for hepatitis A and B and a test for hepatitis C',
      'Keep a healthy weight and stay active, since extra fat in the liver is a growing cause of damage',
      'Check with a doctor or pharmacist before taking a new medicine, vitamin or herbal product',
      'Ask your doctor what your liver test results mean, as values can be off for many reasons',
    ],
    whenToSeekCare: [
      'Vomiting blood, or black, tarry or bloody stools: call your local emergency number now.',
      'New confusion, unusual sleepiness or a change in personality in someone with liver disease: get emergency care.',
      'Yellow skin or eyes, or a belly that swells quickly: see a doctor promptly.',
    ],
    sources: [S.cirrhosis, S.cirrhosisEasy, S.nash, S.mpLiverDiseases, S.mpLiverFunctionTests],
    ...common,
  },

  kidney_stones: {
    key: 'kidney_stones',
    title: 'Kidney stones',
    category: 'condition',
    description:
      'A kidney stone is a hard lump that builds up in the kidney from minerals and other substances in urine. Small stones often pass out of the body on their own. A stone that gets stuck can block urine and cause strong pain. Doctors can treat stones that do not pass.',
    symptoms: [
      'Sharp pain in the back, side or lower belly',
      'Pain or burning when passing urine',
      'Blood in the urine, which can look pink, red or brown',
      'Nausea and vomiting along with the pain',
      'Cloudy or bad-smelling urine',
    ],
    precautions: [
      'Drink plenty of fluid every day, mostly water, unless your doctor has told you to limit fluids',
      'Cut down on salt (sodium)',
      'Eat less animal protein, such as meat, eggs and fish',
      'Get your calcium from food instead of cutting it out, and ask before making big diet changes',
      'If you pass a stone, try to catch it so a lab can find out what type it is',
    ],
    whenToSeekCare: [
      'Severe pain in your back or side that does not go away: get medical help the same day.',
      'Pain together with fever and chills, or vomiting that will not stop: get urgent care.',
      'Blood in your urine, or urine that is cloudy or smells bad: see a doctor soon.',
    ],
    sources: [S.kidneyStones, S.mpKidneyStones],
    ...common,
  },

  /* ------------------------------------------------ blood test ------------------------------------------------ */
  anemia: {
    key: 'anemia',
    title: 'Anemia',
    category: 'condition',
    description:
      'Anemia means your blood has fewer healthy red blood cells, or less hemoglobin, than normal. Hemoglobin is the protein that carries oxygen around the body. The most common cause is too little iron, but there are many others, so a doctor needs to find yours.',
    symptoms: [
      'Feeling tired or weak',
      'Shortness of breath',
      'Dizziness or headache',
      'Pale skin, or cold hands and feet',
      'Mild anemia may cause only mild symptoms, or none',
    ],
    precautions: [
      'See a doctor to find the cause before you treat it yourself',
      'Eat iron-rich foods such as meat, fish, beans, tofu, dark green leafy vegetables and iron-fortified cereals',
      'Include foods with folate and vitamin B12, such as leafy greens, eggs and dairy',
      'Do not take iron pills unless a doctor advises it, because too much iron can harm you',
      'Tell your doctor about heavy periods or any other bleeding',
    ],
    whenToSeekCare: [
      'Chest pain, fainting, or a racing or uneven heartbeat: call your local emergency number now.',
      'Shortness of breath while resting, or feeling very weak and dizzy: get urgent care.',
      'Black, tarry or bloody stools, or very heavy bleeding: get medical help right away.',
    ],
    sources: [S.anemia, S.ironDeficiencyAnemia, S.mpAnemia, S.mpIron],
    ...common,
  },

  thalassemia: {
    key: 'thalassemia',
    title: 'Thalassemia trait',
    category: 'condition',
    description:
      'Thalassemias are blood conditions passed down from parents through genes. The body makes less hemoglobin and fewer healthy red blood cells. Thalassemia trait is a mild form that you can pass on to your children. It often causes mild anemia or no symptoms and needs little or no treatment.',
    symptoms: [
      'Often no symptoms at all',
      'Mild tiredness from mild anemia',
      'Red blood cells that are smaller than usual on a blood count',
      'Blood results that can look like low iron (iron-deficiency anemia)',
      'More serious types can cause slow growth in children, bone problems or a large spleen',
    ],
    precautions: [
      'Ask your doctor about tests that can confirm thalassemia and show which type it is',
      'Do not take iron pills unless a doctor finds that you are also low in iron',
      'Let close family members know, since they may want to be tested too',
      'If you plan to have children, ask about carrier testing for you and your partner, and genetic counseling',
      'Keep regular check-ups and tell any new doctor about your result',
    ],
    whenToSeekCare: [
      'Chest pain or fainting: call your local emergency number now.',
      'Severe tiredness, shortness of breath or a racing heartbeat: see a doctor promptly.',
    ],
    sources: [S.thalassemias, S.mpThalassemia, S.mpIron],
    ...common,
  },

  thrombocytopenia: {
    key: 'thrombocytopenia',
    title: 'Low platelet count (thrombocytopenia)',
    category: 'condition',
    description:
      'Platelets are tiny pieces of blood cells that help blood clot and stop bleeding. Thrombocytopenia means the blood has fewer platelets than normal. Mild cases often need no treatment, but a very low count can lead to serious bleeding. Finding the cause is the key step.',
    symptoms: [
      'Bruising easily',
      'Tiny red or purple spots on the skin (petechiae)',
      'Bleeding that lasts a long time, even from small cuts',
      'Nosebleeds or bleeding gums',
      'Blood in urine or stool, or very heavy periods',
    ],
    precautions: [
      'See your doctor to find the cause; a repeat blood count is often the first step',
      'Ask a doctor before taking aspirin or ibuprofen, as they can make bleeding more likely',
      'Avoid heavy drinking, since alcohol slows the making of platelets',
      'Take care to avoid cuts, falls and knocks while your count is low',
      'Tell any doctor or dentist about your low platelets before a procedure',
    ],
    whenToSeekCare: [
      'Bleeding that will not stop, or any hit to the head: call your local emergency number now.',
      'Blood in vomit, urine or stool, or black, tarry stools: get emergency care.',
      'A sudden, severe headache or new confusion: call your local emergency number now.',
    ],
    sources: [S.thrombocytopenia, S.mpPlateletDisorders],
    ...common,
  },

  healthy_blood: {
    key: 'healthy_blood',
    title: 'Blood results in the usual range',
    category: 'normal',
    description:
      'Your blood carries oxygen, fights infection and helps wounds close. Blood count tests measure red cells, white cells, platelets and hemoglobin. Results in the usual range are good news, but one test cannot rule out every problem.',
    labels: NORMAL_LABELS,
    symptoms: [
      'Tiredness or weakness that does not go away',
      'Shortness of breath with light activity',
      'Bruising easily, or bleeding that is hard to stop',
      'Infections or fevers that keep coming back',
      'Pale skin, dizziness or a racing heartbeat',
    ],
    precautions: [
      'Eat a varied diet with iron, folate and vitamin B12, such as beans, leafy greens, fish, eggs and fortified cereals',
      'Do not take iron or other supplements just in case, because too much iron can be harmful',
      'Stay active and keep a healthy weight',
      'Limit alcohol, which can lower the number of platelets your body makes',
      'Keep routine check-ups, and repeat blood tests when your doctor suggests',
    ],
    whenToSeekCare: [
      'Chest pain, trouble breathing or fainting: call your local emergency number now.',
      'Bleeding that will not stop, or black, tarry stools: get medical help right away.',
    ],
    sources: [S.mpBlood, S.mpBloodCountTests, S.mpIron, S.ironDeficiencyAnemia, S.thrombocytopenia],
    ...common,
  },

  /* ------------------------------------------------ eye images ------------------------------------------------ */
  cataract: {
    key: 'cataract',
    title: 'Cataract',
    category: 'condition',
    description:
      'A cataract is a cloudy area in the lens of the eye that makes vision blurry. Cataracts are very common as people get older and usually form slowly. A cataract does not spread from one eye to the other. When cataracts get in the way of daily life, surgery can replace the cloudy lens.',
    symptoms: [
      'Blurry or cloudy vision',
      'Colors that look faded',
      'Glare, or halos around lights',
      'Trouble seeing at night',
      'Double vision in one eye, or needing new glasses often',
    ],
    precautions: [
      'See an eye doctor for a full eye exam, and ask how often you need one',
      'Wear sunglasses that block UV light and a hat with a brim when outdoors',
      'If you smoke, get help to quit',
      'If you have diabetes, keep your blood sugar in your target range',
      'Use brighter lights for reading, and ask whether new glasses or anti-glare sunglasses would help',
    ],
    whenToSeekCare: [
      'Sudden loss of vision or sudden eye pain: get emergency eye care.',
      'Flashes of light, many new floaters, or a shadow like a curtain over your vision, especially after eye surgery: see an eye doctor right away.',
    ],
    sources: [S.cataractSenior, S.mpCataract, S.mpRetinalDetachment],
    ...common,
  },

  diabetic_retinopathy: {
    key: 'diabetic_retinopathy',
    title: 'Diabetic retinopathy',
    category: 'condition',
    description:
      'Diabetic retinopathy is an eye problem caused by diabetes. High blood sugar damages tiny blood vessels in the retina, the layer at the back of the eye that senses light. It often has no warning signs early on. Found early, treatment can help protect your sight.',
    symptoms: [
      'Often no symptoms in the early stages',
      'Blurry vision',
      'Dark spots or specks floating in your vision',
      'Blank or dark areas in what you see',
      'Trouble seeing things at the edges of your vision',
    ],
    precautions: [
      'See an eye doctor for a dilated eye exam at least once a year',
      'Keep your blood sugar in the range your care team sets',
      'Keep your blood pressure and cholesterol under control',
      'Do not smoke',
      'Tell your eye doctor quickly about any change in your vision',
    ],
    whenToSeekCare: [
      'Sudden loss of vision, or a sudden shower of floaters or dark spots: get eye care the same day.',
      'Eye pain or pressure, or flashes of light: see an eye care professional right away.',
    ],
    sources: [S.retinopathySenior, S.mpDiabeticEyeProblems, S.mpEyeDiseases],
    ...common,
  },

  glaucoma: {
    key: 'glaucoma',
    title: 'Glaucoma',
    category: 'condition',
    description:
      'Glaucoma is a group of eye diseases that damage the optic nerve, which links the eye to the brain. It is often linked to raised pressure inside the eye. The most common type has no early symptoms. Treatment cannot bring back lost sight, but it can help save the vision you have.',
    symptoms: [
      'No pain and no change in vision at first',
      'Slow loss of side (peripheral) vision',
      'Feeling like you are looking through a tunnel as it gets worse',
      'Later, loss of straight-ahead vision',
      'It can affect one eye or both',
    ],
    precautions: [
      'Have a comprehensive dilated eye exam, every 1 to 2 years if you are at higher risk',
      'Know that risk is higher for people over 60, African Americans over 40, and anyone with a family history of glaucoma',
      'If you are given eye drops, use them every day exactly as directed',
      'Work with your doctor to keep your blood pressure at a healthy level',
      'Tell close family members, since glaucoma can run in families',
    ],
    whenToSeekCare: [
      'A red, painful eye with blurred vision or halos around lights, especially with headache or nausea: get emergency care.',
      'Any sudden change in vision, or everything suddenly looking dim: see an eye care professional right away.',
    ],
    sources: [S.glaucomaSenior, S.mpGlaucoma, S.mpEyeDiseases],
    ...common,
  },

  normal_fundus: {
    key: 'normal_fundus',
    title: 'No signs found in the eye photo',
    category: 'normal',
    description:
      'The model did not find signs of cataract, diabetic retinopathy or glaucoma in this photo. That is reassuring, but a photo cannot replace a full eye exam. Many eye diseases have no symptoms at first, so regular check-ups still matter.',
    labels: NORMAL_LABELS,
    symptoms: [
      'Blurry or cloudy vision',
      'Loss of side vision',
      'New floaters, flashes or dark spots',
      'Glare, or trouble seeing at night',
      'Eye pain, redness or double vision',
    ],
    precautions: [
      'Have regular eye exams, even if your vision seems fine',
      'If you have diabetes, get a dilated eye exam at least once a year',
      'If you are at higher risk of glaucoma, get a dilated eye exam every 1 to 2 years',
      'Wear sunglasses that block UV light when outdoors',
      'Do not smoke, and keep your blood sugar and blood pressure under control',
    ],
    whenToSeekCare: [
      'A sudden change in vision, flashes of light, or a shadow like a curtain over your vision: see an eye care professional right away.',
      'Eye pain or an eye injury: get urgent care.',
    ],
    sources: [S.mpEyeDiseases, S.mpDiabeticEyeProblems, S.glaucomaSenior, S.mpRetinalDetachment],
    ...common,
  },

  /* ------------------------------------------------ chest CT ------------------------------------------------ */
  lung_cancer: {
    key: 'lung_cancer',
    title: 'Lung cancer',
    category: 'condition',
    description:
      'Lung cancer starts when cells in the lung grow out of control and form a tumor. Most lung cancers are non-small cell types: adenocarcinoma, squamous cell carcinoma or large cell carcinoma. Smoking is the biggest risk factor. Only further tests, such as a biopsy, can confirm it.',
    symptoms: [
      'A cough that does not go away or keeps getting worse',
      'Chest pain that does not go away',
      'Coughing up blood',
      'Shortness of breath, wheezing or a hoarse voice',
      'Tiredness, loss of appetite, or weight loss without trying',
    ],
    precautions: [
      'Talk with a doctor soon about this result; more scans or a biopsy may be needed',
      'If you smoke, quitting helps at any age; ask about support to quit',
      'Avoid secondhand smoke',
      'Test your home for radon, and lower it if the level is high',
      'Follow safety rules at work to limit contact with asbestos and other harmful substances',
    ],
    whenToSeekCare: [
      'Coughing up more than a streak of blood: get emergency care.',
      'Severe trouble breathing or chest pain: call your local emergency number now.',
      'New swelling of the face and neck: get medical help right away.',
    ],
    classNotes: LUNG_CT_CLASS_NOTES,
    sources: [S.lungSenior, S.nsclc, S.lungPrevention, S.mpLungCancer],
    ...common,
  },

  normal_chest_ct: {
    key: 'normal_chest_ct',
    title: 'No signs of lung cancer found in the CT image',
    category: 'normal',
    description:
      'The model did not find signs of the lung cancer types it knows in this image. That is reassuring, but it looked at a single picture, not your whole scan. A doctor’s reading of your full scan is what counts.',
    labels: NORMAL_LABELS,
    symptoms: [
      'A cough that lasts for weeks or keeps getting worse',
      'Coughing up blood',
      'Chest pain that does not go away',
      'Shortness of breath or wheezing',
      'Chest infections such as pneumonia or bronchitis that keep coming back',
    ],
    precautions: [
      'If you smoke, get help to quit; it lowers your risk at any age',
      'Stay away from secondhand smoke',
      'Test your home for radon',
      'If you have smoked heavily, ask your doctor whether lung cancer screening is right for you',
      'Follow your own doctor’s advice about your scan and any follow-up',
    ],
    whenToSeekCare: [
      'Coughing up blood, or severe trouble breathing: get emergency care.',
      'Chest pain or pressure: call your local emergency number now.',
    ],
    sources: [S.lungScreening, S.lungPrevention, S.mpLungCancer],
    ...common,
  },

  /* ------------------------------------------------ skin images ------------------------------------------------ */
  actinic_keratosis: {
    key: 'actinic_keratosis',
    title: 'Actinic keratosis',
    category: 'condition',
    description:
      'An actinic keratosis is a rough, scaly patch caused by years of sun damage. It is not cancer, but it sometimes turns into squamous cell skin cancer. It usually shows up on the face, lips, ears and backs of the hands. A doctor can treat it and check for other spots.',
    symptoms: [
      'A rough, dry or scaly patch of skin',
      'Red, pink or brown in color, and flat or slightly raised',
      'Found on skin that gets a lot of sun, such as the face, ears, scalp or backs of the hands',
      'A lower lip that stays cracked or peeling even with lip balm',
      'A patch that bleeds, grows or turns into a firm bump may have changed and needs checking',
    ],
    precautions: [
      'Have a doctor or dermatologist look at the spot; it can be treated',
      'Use sunscreen with SPF 15 or higher when you are outdoors',
      'Wear a wide-brimmed hat, long sleeves and sunglasses in strong sun',
      'Stay out of the midday sun when you can, and avoid tanning beds and sunlamps',
      'Check your skin regularly for new or changing spots',
    ],
    whenToSeekCare: [
      'A patch that grows quickly, bleeds, becomes a firm lump or turns into a sore that does not heal: see a doctor promptly.',
    ],
    sources: [S.skinTreatment, S.skinPrevention, S.mpSunExposure],
    ...common,
  },

  basal_cell_carcinoma: {
    key: 'basal_cell_carcinoma',
    title: 'Basal cell carcinoma',
    category: 'condition',
    description:
      'Basal cell carcinoma is the most common type of skin cancer. It starts in basal cells in the outer layer of the skin, most often on skin that gets a lot of sun. It grows slowly and rarely spreads to other parts of the body. Treated early, it can usually be cured.',
    symptoms: [
      'A raised, smooth, shiny or pearly bump',
      'A flat, firm, scar-like patch that can be white, yellow or waxy',
      'A sore that does not heal',
      'A spot that bleeds, oozes or crusts over',
      'Most often on the face, nose, ears, neck or hands',
    ],
    precautions: [
      'See a dermatologist soon to have the spot checked; a small skin sample (biopsy) may be needed',
      'Protect your skin from the sun with shade, clothing, a hat and sunscreen',
      'Avoid tanning beds and sunlamps',
      'Check all of your skin regularly, and ask someone to look at your back',
      'After treatment, keep your follow-up skin checks, because new spots can appear',
    ],
    whenToSeekCare: [
      'A spot that grows quickly, bleeds often or turns into an open sore: see a doctor promptly.',
    ],
    sources: [S.skinTreatment, S.skinSenior, S.mpSkinCancer],
    ...common,
  },

  dermatofibroma: {
    key: 'dermatofibroma',
    title: 'Dermatofibroma',
    category: 'benign',
    description:
      'A dermatofibroma is a common, harmless (benign) firm bump in the skin. It is often found on the legs. It may appear after a small injury such as an insect bite. It usually stays the same for years and does not need treatment.',
    labels: BENIGN_LABELS,
    symptoms: [
      'A small, firm bump that feels like a hard lump in the skin',
      'Pink, red, tan or brown in color',
      'Dimples inward when you gently pinch the skin on each side of it',
      'Usually on the lower legs, but it can appear on the arms or body',
      'Sometimes itchy or tender, but often causes no symptoms',
    ],
    precautions: [
      'Ask a doctor to confirm what it is, since other growths can look similar',
      'Try not to scratch it or nick it when shaving',
      'Take a photo now and then so you can spot any change',
      'Treatment is not needed for health; a doctor can remove it if it bothers you',
      'Protect your skin from the sun and check it regularly',
    ],
    whenToSeekCare: [
      'A bump that keeps growing, changes color, bleeds or becomes painful: see a doctor promptly.',
    ],
    sources: [S.dermnetDermatofibroma, S.skinTreatment],
    ...common,
  },

  melanoma: {
    key: 'melanoma',
    title: 'Melanoma',
    category: 'condition',
    description:
      'Melanoma is a skin cancer that starts in melanocytes, the cells that give skin its color. It is less common than other skin cancers but more likely to spread. It often starts as a change in a mole or as a new dark spot. Found early, it is much easier to treat.',
    symptoms: [
      'A mole that is changing in size, shape or color',
      'A mole whose two halves do not match, or whose border is ragged or blurred',
      'A mole with more than one color, such as black, brown, tan, red or blue',
      'A mole that itches, oozes or bleeds',
      'A new dark spot, or new moles growing next to an existing one',
    ],
    precautions: [
      'See a dermatologist soon to have the spot checked; only a biopsy can confirm melanoma',
      'Do not try to shave, burn or cut off the spot yourself',
      'Check your skin using the ABCDE guide: Asymmetry, Border, Color, Diameter, Evolving',
      'Protect your skin from the sun, avoid sunburn, and do not use tanning beds',
      'If melanoma is confirmed, let close family know, since it can run in families',
    ],
    whenToSeekCare: [
      'A mole that is changing quickly, bleeding or forming an open sore: see a doctor as soon as you can.',
      'Any new or unusual dark spot, even on skin that rarely sees the sun: get it checked promptly.',
    ],
    sources: [S.melanomaTreatment, S.mpMelanoma, S.skinSenior],
    ...common,
  },

  nevus: {
    key: 'nevus',
    title: 'Mole (nevus)',
    category: 'benign',
    description:
      'A mole, or nevus, is a common growth on the skin. It forms when pigment cells called melanocytes grow in a cluster. Most adults have some moles, and nearly all are harmless. A few unusual moles are more likely than ordinary ones to turn into melanoma.',
    labels: BENIGN_LABELS,
    symptoms: [
      'A pink, tan or brown spot',
      'Flat or raised',
      'Usually round or oval, with a smooth, even edge',
      'Usually no bigger than a pencil eraser, about 6 millimeters across',
      'New moles can appear until about age 40, and some fade later in life',
    ],
    precautions: [
      'Check your moles regularly and use the ABCDE guide to spot changes',
      'Take clear photos of any moles you want to watch',
      'Protect your skin from the sun, and avoid sunburn and tanning beds',
      'If you have many moles or unusual moles, ask about regular skin checks with a dermatologist',
      'Do not pick at a mole or try to remove it yourself',
    ],
    whenToSeekCare: [
      'A mole that grows, changes shape or color, itches or bleeds: see a doctor promptly.',
      'A mole that looks different from all your others: get it checked.',
    ],
    sources: [S.mpMoles, S.melanomaTreatment, S.skinSenior],
    ...common,
  },

  pigmented_benign_keratosis: {
    key: 'pigmented_benign_keratosis',
    title: 'Pigmented benign keratosis',
    category: 'benign',
    description:
      'This is a group of harmless (benign) brown skin spots. It includes sun spots, also called age spots, and flat seborrheic keratoses. They are very common on skin that has had a lot of sun, and more appear with age. They are not cancer, but some can look like melanoma.',
    labels: BENIGN_LABELS,
    symptoms: [
      'A flat or slightly raised tan, brown or dark brown spot',
      'Often on the face, hands, arms, shoulders or back',
      'Usually has a clear edge',
      'More spots tend to appear with age and time in the sun',
      'Usually painless, though it may itch now and then',
    ],
    precautions: [
      'Ask a doctor to confirm the spot is benign, since some can look like melanoma',
      'Use sunscreen with SPF 15 or higher and protective clothing to help prevent new sun spots',
      'Avoid tanning beds and sunlamps',
      'Check your skin regularly and watch for spots that change',
      'Treatment is not needed for health, but a doctor can remove spots that bother you',
    ],
    whenToSeekCare: [
      'A spot that changes quickly, has several colors or a ragged edge, bleeds, or looks different from your other spots: see a doctor promptly.',
    ],
    sources: [S.mpSkinAging, S.mpSunExposure, S.dermnetSolarLentigo, S.mpSeborrheicKeratosis],
    ...common,
  },

  seborrheic_keratosis: {
    key: 'seborrheic_keratosis',
    title: 'Seborrheic keratosis',
    category: 'benign',
    description:
      'A seborrheic keratosis is a common, harmless (benign) skin growth. It is not cancer and cannot spread to other people. These growths become more common with age, and many people have more than one. They often look waxy and stuck on.',
    labels: BENIGN_LABELS,
    symptoms: [
      'A slightly raised growth that looks pasted onto the skin',
      'A waxy, rough or wart-like surface',
      'Tan, brown or black in color',
      'Often on the chest, back, shoulders, face or scalp',
      'Usually painless, but it may itch or get rubbed by clothing',
    ],
    precautions: [
      'Have a doctor confirm what it is, since some skin cancers can look similar',
      'Try not to scratch or pick at it, which can make it bleed',
      'Do not try to remove it yourself',
      'Treatment is not needed for health; a doctor can remove growths that get irritated',
      'Check your skin regularly for any spot that changes',
    ],
    whenToSeekCare: [
      'A growth that changes quickly, bleeds without being hurt, or looks different from your other spots: see a doctor promptly.',
      'Many new growths appearing over a short time: see a doctor soon.',
    ],
    sources: [S.mpSeborrheicKeratosis, S.skinSenior],
    ...common,
  },

  squamous_cell_carcinoma: {
    key: 'squamous_cell_carcinoma',
    title: 'Squamous cell carcinoma of the skin',
    category: 'condition',
    description:
      'Squamous cell carcinoma is the second most common skin cancer. It starts in the flat cells of the top layer of the skin, most often where the skin gets a lot of sun. If not treated, it can spread to nearby lymph nodes. When found early, it can usually be cured.',
    symptoms: [
      'A firm red bump',
      'A flat patch with a scaly or crusted surface',
      'A sore that does not heal, or a spot that bleeds',
      'Most often on sun-exposed skin: face, ears, lower lip, neck, hands or arms',
      'It can also form in old scars or burns',
    ],
    precautions: [
      'See a dermatologist soon to have the spot checked and treated',
      'Protect your skin from the sun, especially between 10 a.m. and 2 p.m.',
      'Avoid tanning beds and sunlamps',
      'Have rough, scaly patches (actinic keratoses) checked, as they can turn into this cancer',
      'After treatment, keep your follow-up skin checks',
    ],
    whenToSeekCare: [
      'A bump or sore that grows quickly, bleeds or hurts: see a doctor promptly.',
      'A new lump under the skin of the neck, armpit or groin: tell your doctor soon.',
    ],
    sources: [S.skinTreatment, S.gardSquamousCell, S.skinSenior, S.mpSunExposure],
    ...common,
  },

  vascular_lesion: {
    key: 'vascular_lesion',
    title: 'Vascular skin lesion',
    category: 'benign',
    description:
      'Vascular lesions are skin spots made of small blood vessels. Common types include cherry angiomas, hemangiomas and pyogenic granulomas. Most are harmless (benign). Because they are full of blood vessels, some bleed easily if scratched or bumped.',
    labels: BENIGN_LABELS,
    symptoms: [
      'A bright red, purple or bluish spot or bump',
      'Flat or raised, smooth or bumpy',
      'Can bleed easily if scratched, rubbed or knocked',
      'A pyogenic granuloma can grow quickly over weeks to months',
      'In babies, a hemangioma (strawberry mark) often grows for a few months, then slowly fades',
    ],
    precautions: [
      'Ask a doctor to confirm what the spot is',
      'If it bleeds, press on it firmly with a clean cloth for several minutes',
      'Avoid scratching or picking at it',
      'A doctor can remove spots that bleed often or bother you',
      'Check your skin regularly and note any spot that changes',
    ],
    whenToSeekCare: [
      'Bleeding that does not stop with firm pressure: get urgent care.',
      'A spot that grows fast, or a baby’s red mark near the eye, nose or mouth or one that forms a sore: see a doctor soon.',
    ],
    sources: [S.childVascularTumors, S.gardPyogenicGranuloma, S.dermnetCherryAngioma],
    ...common,
  },
};

/* ----------------------------------------------------------------------------------------------------------
 * Notices shown on every result page.
 * -------------------------------------------------------------------------------------------------------- */

/** How a test reaches its result: a trained model on clinical values, a fixed scoring rule, or a model on an image. */
export type TestKind = 'clinical_model' | 'rules' | 'image_model';

export const RESULT_NOTICE = {
  notADiagnosis:
    'This result is not a diagnosis. It is an estimate from a computer program. Only a health professional who examines you can tell whether you have a condition. Please share this result with your doctor.',
  emergency:
    'If you have chest pain, trouble breathing, signs of a stroke (face drooping, arm weakness, trouble speaking), heavy bleeding, or you faint, call your local emergency number now. Do not wait for a test result.',
  whatThisDoesNotMean: {
    clinical_model:
      'This estimate comes from a model trained on past records of a limited group of patients, sometimes only a few hundred people from one place. It cannot examine you or know your history. A low risk is not a clean bill of health, and a high risk does not mean you have the condition.',
    rules:
      'This result comes from a simple scoring rule that uses only your answers. It cannot examine you or run any tests. A low score does not rule out a problem, and a high score does not confirm one.',
    image_model:
      'This result comes from a model that looked at one picture. It cannot see you, your other symptoms or your history, and picture quality affects it. It can miss problems or flag harmless spots. A normal result is not a clean bill of health.',
  } satisfies Record<TestKind, string>,
} as const;

export function isDiseaseContentKey(value: string): value is DiseaseContentKey {
  return (DISEASE_CONTENT_KEYS as readonly string[]).includes(value);
}

/** The content for a key, or undefined for an unknown key (never throws, so a bad key cannot break a page). */
export function getDiseaseContent(key: string): DiseaseContent | undefined {
  return isDiseaseContentKey(key) ? DISEASE_CONTENT[key] : undefined;
}
