import { Link } from 'react-router';
import { SafetyNotice } from '../../components/safety/safety-notice';
import { InfoPage } from '../../features/site-info/components/info-page';

export default function AboutRoute() {
  return (
    <InfoPage
      eyebrow="Company"
      title="About MediBuddy"
      lead="MediBuddy is a health-information web app made by a student team. It helps you understand values from a check-up or a medical image and find general information about medicines, so that you can talk to a clinician knowing what to ask."
    >
      <SafetyNotice />
      <section aria-labelledby="about-offer">
        <h2 id="about-offer">What it offers</h2>
        <ul>
          <li>
            <Link to="/diagnosis">Ten tests</Link>: six from values you type in (diabetes, heart, cardiovascular and
            liver disease, a blood test and kidney-stone symptoms) and four from an image you upload (skin, retina,
            cataract and chest CT).
          </li>
          <li>
            <Link to="/medibuddy">MediBuddy chat</Link>: an assistant for general health questions.
          </li>
          <li>
            <Link to="/medicines">Medicines</Link>: medicines commonly used for a set of symptoms, with a warning
            instead of suggestions when a symptom needs urgent care.
          </li>
        </ul>
      </section>
      <section aria-labelledby="about-how">
        <h2 id="about-how">How it works</h2>
        <p>
          The value-based tests use models trained on public clinical data sets, or published medical criteria where no
          good data exists (the blood test uses reference ranges, the kidney-stone test the STONE score). The image
          tests use models trained from scratch on public image collections. Every result says which model or rule
          version made it. The <Link to="/data-sources">data sources page</Link> lists every data set with its licence
          and credit.
        </p>
      </section>
      <section aria-labelledby="about-limits">
        <h2 id="about-limits">What it is not</h2>
        <p>
          MediBuddy is not a medical device and has not been reviewed by clinicians. Its models learned from small
          public data sets that may not look like you, and they can be wrong. A result is a starting point for a
          conversation with a doctor, never a reason to start, stop or change a treatment.
        </p>
      </section>
    </InfoPage>
  );
}
