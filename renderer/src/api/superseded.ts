// An answer to a call made as the person before a switch: it belongs to them and is never applied.
export class SupersededError extends Error {
  constructor() {
    super('Answered to the previous person.');
    this.name = 'SupersededError';
  }
}
