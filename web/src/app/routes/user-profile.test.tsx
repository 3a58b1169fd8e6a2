import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, json, problem, stubFetch, noSession } from '../../test/http';
import { renderApp } from '../../test/render';

const signedIn = () => json(200, { user: ADA });
const png = (size = 1000) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

describe('/user-profile', () => {
  it('shows the user, a side navigation, a change-password link and a privacy note', async () => {
    stubFetch({ 'GET /api/auth/session': signedIn });
    renderApp('/user-profile');
    expect(await screen.findByRole('heading', { level: 1, name: ADA.name })).toBeInTheDocument();
    expect(screen.getByText(ADA.email)).toBeInTheDocument();
    expect(screen.getByText(/Welcome to your MediBuddy dashboard/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Profile' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Diagnosis' })).toHaveAttribute('href', '/diagnosis');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/changePassword');
    expect(screen.getByText(/Privacy\./)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    stubFetch({ 'GET /api/auth/session': noSession });
    const { location } = renderApp('/user-profile');
    await waitFor(() => expect(location()?.pathname).toBe('/login'));
    expect(location()?.state).toMatchObject({ from: { pathname: '/user-profile' } });
  });

  it('says so instead of uploading nothing when no picture was chosen', async () => {
    const http = stubFetch({ 'GET /api/auth/session': signedIn });
    const { user } = renderApp('/user-profile');
    await user.click(await screen.findByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText('Please choose a picture to upload first.')).toBeInTheDocument();
    expect(http.calls('POST /api/profile/avatar')).toHaveLength(0);
  });

  it('refuses a picture over 5 MB or of another type before sending it', async () => {
    const http = stubFetch({ 'GET /api/auth/session': signedIn });
    const { user } = renderApp('/user-profile');
    const input = await screen.findByLabelText('Choose a profile picture');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    await user.upload(input, png(5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('This picture is larger than 5 MB.');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    // A file picker set to "All files" can still hand over another type.
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('not a JPEG, PNG or WebP picture');
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(http.calls('POST /api/profile/avatar')).toHaveLength(0);
  });

  it('uploads the chosen picture as multipart field "image", toasts the server message and shows the new avatar', async () => {
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
    const http = stubFetch({
      'GET /api/auth/session': signedIn,
      'POST /api/profile/avatar': () =>
        json(200, { imageUrl: '/uploads/avatars/u1-1.webp', message: 'Profile picture updated.' }),
    });
    const { user } = renderApp('/user-profile');
    await user.upload(await screen.findByLabelText('Choose a profile picture'), png());
    expect(screen.getByRole('img', { name: 'Preview of the picture you chose' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));

    expect(await screen.findByText('Profile picture updated.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
        'src',
        '/uploads/avatars/u1-1.webp',
      ),
    );
    const body = http.calls('POST /api/profile/avatar')[0]?.init?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('image')).toBeInstanceOf(File);
  });

  it('shows the server reason when it refuses the file', async () => {
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
    stubFetch({
      'GET /api/auth/session': signedIn,
      'POST /api/profile/avatar': () =>
        problem(
          400,
          'validation_failed',
          'That file is not a JPEG, PNG or WebP picture. Choose a photo in one of those formats.',
          [{ field: 'image', rule: 'image_type', message: 'must be a JPEG, PNG or WebP image' }],
        ),
    });
    const { user } = renderApp('/user-profile');
    await user.upload(await screen.findByLabelText('Choose a profile picture'), png());
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    await waitFor(() =>
      expect(screen.getAllByText(/That file is not a JPEG, PNG or WebP picture/).length).toBeGreaterThan(0),
    );
  });

  it("feedback: 'Please enter your feedback.' when empty; sent and cleared otherwise", async () => {
    const http = stubFetch({
      'GET /api/auth/session': signedIn,
      'POST /api/feedback': () => json(201, { message: 'Thank you for your feedback.' }),
    });
    const { user } = renderApp('/user-profile');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter your feedback.')).toBeInTheDocument();
    expect(http.calls('POST /api/feedback')).toHaveLength(0);

    const feedback = screen.getByLabelText('Feedback');
    expect(feedback).toHaveFocus();
    await user.type(feedback, 'Clear and quick.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(http.calls('POST /api/feedback')[0]?.body).toEqual({ feedback: 'Clear and quick.' });
    await waitFor(() => expect(feedback).toHaveValue(''));
  });

  it('a session that ended meanwhile sends the user to sign in again', async () => {
    stubFetch({
      'GET /api/auth/session': signedIn,
      'POST /api/feedback': () => problem(401, 'unauthenticated', 'Please sign in to continue.'),
    });
    const { user, location } = renderApp('/user-profile');
    await user.type(await screen.findByLabelText('Feedback'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/login'));
  });

  it('Logout from the side navigation goes home signed out', async () => {
    let isSignedIn = true;
    stubFetch({
      'GET /api/auth/session': () => (isSignedIn ? signedIn() : noSession()),
      'POST /api/auth/sign-out': () => {
        isSignedIn = false;
        return json(200, { message: 'You have been signed out.' });
      },
    });
    const { user, location } = renderApp('/user-profile');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/'));
    // It never bounced through /login on the way out.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Get Started' })).toBeInTheDocument());
    expect(location()?.pathname).toBe('/');
  });
});
