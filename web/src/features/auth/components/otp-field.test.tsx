import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OtpField, toOtpDigits } from './otp-field';

function Harness() {
  const [value, setValue] = useState('');
  return <OtpField value={value} onChange={setValue} />;
}

describe('OtpField', () => {
  it('keeps digits only, at most six', () => {
    expect(toOtpDigits('ab12')).toBe('12');
    expect(toOtpDigits('123 456')).toBe('123456');
    expect(toOtpDigits('1234567')).toBe('123456');
    expect(toOtpDigits('１２３')).toBe('');
  });

  it('is a labelled numeric field that ignores letters as they are typed or pasted', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const otp = screen.getByLabelText('OTP');
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
    expect(otp).toHaveAccessibleDescription(/6-digit code/);

    await user.type(otp, 'ab12');
    expect(otp).toHaveValue('12');
    await user.clear(otp);
    await user.click(otp);
    await user.paste('98-76 54 3');
    expect(otp).toHaveValue('987654');
  });
});
