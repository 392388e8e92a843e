// Set up before every browser test file: the file's Chromium (browser.ts) is closed when the file ends.
import { afterAll } from 'vitest';
import { closeFileBrowser } from './browser';

afterAll(closeFileBrowser);
