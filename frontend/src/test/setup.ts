// Vitest setup: nothing global yet beyond Testing Library's automatic cleanup (globals: true).
