import { describe, expect, it } from 'vitest';
import { languageOfReply } from './chat-message';

describe('languageOfReply', () => {
  it('marks a reply in Hindi as Hindi, and an English one (with a Hindi word or a tel: link) as nothing', () => {
    expect(languageOfReply('**आपको यह सब अकेले नहीं झेलना है।** [14416](tel:14416)')).toBe('hi');
    expect(languageOfReply('**Paracetamol — बड़ों के लिए:** - मुँह से: हर 4 से 6 घंटे में 500 mg')).toBe('hi');
    expect(languageOfReply('You do not have to face this alone. Call [112](tel:112) or टेली-मानस.')).toBeUndefined();
  });
});
