// Puppeteer is DAISY Ace's browser driver (@daisy/ace-cli, the accessibility check of EPUBs): it never downloads a
// Chrome of its own (no network is needed to install Karya); Ace runs on the system's Chromium (engine/node/ace.ts:
// PUPPETEER_EXECUTABLE_PATH, else chromium-headless-shell or chromium on PATH).
module.exports = { skipDownload: true };
