import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Lazy route modules load through Vite's transform; on a busy 2-core CI machine (API tests run in
// parallel forks) the first load can take longer than Testing Library's default 1 s.
configure({ asyncUtilTimeout: 5000 });
