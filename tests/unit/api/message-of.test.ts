import { fieldErrorsOf, messageOf, permissionMessageOf } from '@machines/shared/message-of';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';

describe('messageOf (behaviour §8 message choice)', () => {
  it("prefers the error's own message", () => {
    expect(messageOf(new Error('Offline'), 'Fallback')).toBe('Offline');
  });

  it('uses the server detail when the error has no message of its own', () => {
    expect(messageOf(ApiError.fromBody(401, { detail: 'Wrong password' }), 'Invalid email or password')).toBe(
      'Wrong password',
    );
  });

  it('uses the first non_field_errors entry when there is no detail', () => {
    const error = ApiError.fromBody(400, { non_field_errors: ['Unable to log in.', 'Second'] });
    expect(messageOf(error, 'Invalid email or password')).toBe('Unable to log in.');
  });

  it('falls back when nothing else is there', () => {
    expect(messageOf(ApiError.fromBody(400, { email: ['Taken'] }), 'Something went wrong')).toBe(
      'Something went wrong',
    );
    expect(messageOf(undefined, 'Invalid email or password')).toBe('Invalid email or password');
    expect(messageOf(ApiError.fromBody(502, '<html>Bad gateway</html>'), 'Failed to process order')).toBe(
      'Failed to process order',
    );
  });
});

describe('fieldErrorsOf', () => {
  it('maps 400 field errors onto fields, first message per field', () => {
    const error = ApiError.fromBody(400, { email: ['Taken', 'Also bad'], raw_password: ['Too short'], detail: 'x' });
    expect(fieldErrorsOf(error)).toEqual({ email: 'Taken', raw_password: 'Too short' });
  });

  it('gives nothing for errors without fields', () => {
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });
});

describe('permissionMessageOf (behaviour §8 permission helper)', () => {
  it.each([
    [403, 'You do not have permission to cancel this order'],
    [401, 'Authentication required'],
    [404, 'Resource not found'],
  ])('status %i reads "%s"', (status, text) => {
    expect(permissionMessageOf(ApiError.fromBody(status, { detail: 'server text' }), 'cancel this order')).toBe(text);
  });

  it('uses the server detail for any other refusal', () => {
    const error = ApiError.fromBody(400, { detail: 'This order is completed: it can no longer be changed.' });
    expect(permissionMessageOf(error, 'cancel this order')).toBe(
      'This order is completed: it can no longer be changed.',
    );
  });

  it("uses the error's own message or names the action when there is no detail", () => {
    expect(permissionMessageOf(new Error('Cannot reach the server.'), 'approve this order')).toBe(
      'Cannot reach the server.',
    );
    expect(permissionMessageOf(ApiError.fromBody(502, 'Bad gateway'), 'approve this order')).toBe(
      'Could not approve this order',
    );
  });
});
