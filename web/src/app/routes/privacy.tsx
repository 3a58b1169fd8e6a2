import { Link } from 'react-router';
import { InfoPage } from '../../features/site-info/components/info-page';

export default function PrivacyRoute() {
  return (
    <InfoPage
      eyebrow="Support"
      title="Privacy"
      lead="MediBuddy keeps what you give it on its own server, uses it only to show you your results, and never sells it or shows you ads."
    >
      <section aria-labelledby="privacy-what">
        <h2 id="privacy-what">What we keep</h2>
        <ul>
          <li>
            Your account: your name, your email address and a one-way hash of your password (never the password itself).
          </li>
          <li>
            A session cookie while you are signed in. It is the only cookie MediBuddy sets, and it is needed to keep you
            signed in.
          </li>
          <li>
            The values you enter and the images you upload for a test (re-encoded, without their metadata), with the
            result and the model version, so you can open the result again.
          </li>
          <li>Your profile picture, your feedback and your chat conversations, if you use those features.</li>
          <li>Your email address, if you subscribe to MediBuddy news in the home page footer.</li>
        </ul>
      </section>
      <section aria-labelledby="privacy-who">
        <h2 id="privacy-who">Who sees it</h2>
        <p>
          Only you, through your account. MediBuddy loads no third-party scripts, fonts, analytics or trackers. The one
          exception is the chat: if the operator of this MediBuddy has connected an external AI service, your chat
          messages are sent to it to write the answer. Our server logs record errors and timings, never the health
          values, messages or passwords you enter.
        </p>
      </section>
      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">How it is protected</h2>
        <p>
          Passwords are hashed with Argon2id, sessions are stored only as keyed hashes, sign-in and password recovery
          are rate limited, and every request that changes something is checked against cross-site forgery. Use
          MediBuddy over https so that what you send is encrypted on the way.
        </p>
      </section>
      <section aria-labelledby="privacy-choices">
        <h2 id="privacy-choices">Your choices</h2>
        <p>
          You can change your password from your profile, unsubscribe from news on the{' '}
          <Link to="/contact">contact page</Link>, and ask us there to delete your account and everything linked to it.
        </p>
      </section>
    </InfoPage>
  );
}
