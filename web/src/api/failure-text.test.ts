import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import {
  explainFailure,
  failureText,
  loadingFailure,
  NO_CONNECTION,
  refusalMessage,
} from './failure-text';

const network = new ApiError(0, undefined);
const refused = new ApiError(400, 'Title is required.');
const refusedSilently = new ApiError(413, undefined);
const serverError = new ApiError(500, 'Internal Server Error');
const sessionEnded = new ApiError(401, 'Please log in.');

/** Send assignment's texts (spec section 8). */
const sendAssignment = {
  network: 'Network error occurred. Please try again.',
  refusalPrefix: 'Error sending assignment: ',
  fallback: 'Server error. Please try again.',
};

describe('failureText: a failed call in the words of its screen', () => {
  it("gives the screen's network text when no answer came", () => {
    expect(failureText(network, sendAssignment)).toBe('Network error occurred. Please try again.');
  });

  it("gives the server's reason for a refusal, after the screen's prefix", () => {
    expect(failureText(refused, sendAssignment)).toBe(
      'Error sending assignment: Title is required.',
    );
    expect(failureText(refused, { fallback: 'Error saving schedule.' })).toBe('Title is required.');
  });

  it('gives the fallback for a server error, even one that sent a message', () => {
    expect(failureText(serverError, sendAssignment)).toBe('Server error. Please try again.');
  });

  it('gives the fallback for a refusal without a reason (a proxy’s page)', () => {
    expect(failureText(refusedSilently, sendAssignment)).toBe('Server error. Please try again.');
  });

  it('gives the fallback for the network too when the screen has one text for both', () => {
    expect(failureText(network, { fallback: 'Error fetching assignments' })).toBe(
      'Error fetching assignments',
    );
  });

  it('gives the fallback for anything that is not a failed call', () => {
    expect(failureText(new TypeError('x is undefined'), sendAssignment)).toBe(
      'Server error. Please try again.',
    );
    expect(failureText(undefined, sendAssignment)).toBe('Server error. Please try again.');
  });

  it("gives the screen's own text for any refusal where its spec has one (the inbox)", () => {
    const inbox = {
      refused: 'Failed to load assignments.',
      fallback: 'An error occurred while fetching data.',
    };
    expect(failureText(refused, inbox)).toBe('Failed to load assignments.');
    expect(failureText(refusedSilently, inbox)).toBe('Failed to load assignments.');
    expect(failureText(serverError, inbox)).toBe('An error occurred while fetching data.');
    expect(failureText(network, inbox)).toBe('An error occurred while fetching data.');
  });

  it('gives a text of its own for a status where the screen says something special', () => {
    const upload = {
      network: 'Error in sending data.',
      byStatus: { 401: 'User ID not found. Please log in again.' },
      fallback: 'There was a problem submitting the assignment.',
    };
    expect(failureText(sessionEnded, upload)).toBe('User ID not found. Please log in again.');
    expect(failureText(refused, upload)).toBe('Title is required.');
    expect(failureText(network, upload)).toBe('Error in sending data.');
  });
});

describe("refusalMessage: the server's reason, only for a refusal", () => {
  it('is the message of a 4xx, and nothing for the rest', () => {
    expect(refusalMessage(refused)).toBe('Title is required.');
    expect(refusalMessage(refusedSilently)).toBeUndefined();
    expect(refusalMessage(serverError)).toBeUndefined();
    expect(refusalMessage(network)).toBeUndefined();
    expect(refusalMessage(new Error('Title is required.'))).toBeUndefined();
  });
});

describe('explainFailure: the same words, ready for a QueryView or a form', () => {
  it('explains with the full texts', () => {
    const explain = explainFailure(sendAssignment);
    expect(explain(network)).toBe('Network error occurred. Please try again.');
    expect(explain(refused)).toBe('Error sending assignment: Title is required.');
  });

  it('takes one text as the fallback, keeping a refusal its own reason', () => {
    const explain = explainFailure('The roll could not be loaded. Please try again.');
    expect(explain(serverError)).toBe('The roll could not be loaded. Please try again.');
    expect(explain(network)).toBe('The roll could not be loaded. Please try again.');
    expect(explain(refused)).toBe('Title is required.');
  });
});

describe('loadingFailure: the settings cards’ words for a load that failed', () => {
  it('names what could not be loaded, with the refusal’s reason or the network', () => {
    const explain = explainFailure(loadingFailure('terms'));
    expect(explain(refused)).toBe('Error loading terms: Title is required.');
    expect(explain(serverError)).toBe('Error loading terms. Please try again.');
    expect(explain(network)).toBe(NO_CONNECTION);
  });
});
