// DAISY Ace's checks in one long-lived Node process (started by engine/node/ace-checker.ts with an IPC channel): the
// @daisy/ace-cli package's own checker (ace-core) and browser runner, run as its command line runs them, except that
// the headless Chromium is launched once, for the first check, and kept for the next ones (a launch is about a
// second of CPU of a check's four). One check at a time: a message { id, epub, outdir, tmpdir, timeout } is answered
// { id, ok } once Ace has written its report into outdir, or { id, ok: false, error }. The browser's process id is
// told first ({ browser }), so the parent can end it with this process. When the channel closes (the parent ended
// it, or died), the browser is closed and this process ends.
'use strict';

const { createRequire } = require('node:module');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const cliPackage = process.argv[2];
const requireAce = createRequire(path.join(cliPackage, 'package.json'));
const ace = requireAce('@daisy/ace-core');
const runner = requireAce('@daisy/ace-axe-runner-puppeteer');
const logger = requireAce('@daisy/ace-logger');
const requireRunner = createRequire(requireAce.resolve('@daisy/ace-axe-runner-puppeteer'));
const puppeteer = requireRunner('puppeteer');
const scriptTags = requireRunner('@daisy/puppeteer-utils');

// As `ace --silent` sets it up: its log file, nothing on the console.
logger.initLogger({ verbose: false, silent: true, fileName: 'ace-cli.log' });

/**
 * Chromium's flags beside the runner's own: every page in one renderer process. Ace opens a page for each of an EPUB's
 * documents, four at a time, each in a renderer process of its own by default; in one they cost less (three checks of
 * a 12-chapter book: 19.3 s of CPU before, 15.9 s in one renderer, medians of three, load 30; the same verdicts: axe
 * runs the same in each page), though the four then take turns on its one thread.
 */
const FLAGS = ['--renderer-process-limit=1'];

/**
 * Ace's scripts (axe.js, 1.3 MB, and its own two) put into each document as scripts with their file's URL, marked
 * data-ace as the runner marks them (Ace's extraction leaves those out). The runner reads each file in Node and sends
 * its text through the DevTools protocol into every page as an inline script: a 12-chapter book's check (17 documents)
 * took 8.2 s of wall and 10.7 s of Chromium's CPU that way, 4.1 s and 6.8 s by URL (medians of three; report.json the
 * same but for its date). A script that does not load by URL is taken out and put in as text, the runner's way.
 */
const byText = scriptTags.addScripts;
const loadByUrl = (url) =>
  new Promise((resolve) => {
    const script = document.createElement('script');
    script.setAttribute('data-ace', '');
    script.addEventListener('load', () => resolve(true), { once: true });
    script.addEventListener('error', () => resolve(script.remove() ?? false), { once: true });
    script.src = url;
    document.head.appendChild(script);
  });
scriptTags.addScripts = async (paths, page) => {
  for (const file of paths) {
    const loaded = await page.evaluate(loadByUrl, pathToFileURL(file).href).catch(() => false);
    if (!loaded) await byText([file], page);
  }
};

let browser;
/**
 * The runner's own launch, caught so its browser's process can be told and reused (ace-core closes it after a
 * check). Its DevTools connection is a pipe, not a socket: a Chromium whose process is killed (its check timed out or
 * was given up, perhaps before its browser was told) then sees the pipe close and ends, where one on a socket was
 * left running with no parent.
 */
const launchOnce = async () => {
  if (browser && browser.connected) return;
  const launch = puppeteer.launch;
  puppeteer.launch = async (options) => {
    browser = await launch.call(puppeteer, { ...options, pipe: true, args: [...(options.args || []), ...FLAGS] });
    const pid = browser.process() && browser.process().pid;
    if (pid && process.connected) process.send({ browser: pid });
    return browser;
  };
  try {
    await runner.launch();
  } finally {
    puppeteer.launch = launch;
  }
};
const kept = { ...runner, launch: launchOnce, close: async () => undefined };
// The runner's run() reads the browser its launch() made; kept's launch() made it through the runner.
kept.run = runner.run;
kept.setTimeout = runner.setTimeout;

let queue = Promise.resolve();
process.on('message', (job) => {
  queue = queue.then(async () => {
    try {
      await ace(
        job.epub,
        { cwd: process.cwd(), outdir: job.outdir, tmpdir: job.tmpdir, silent: true, jobId: '', timeout: job.timeout },
        kept,
      );
      if (process.connected) process.send({ id: job.id, ok: true });
    } catch (error) {
      // A browser that failed a check is not trusted with the next: the next check launches another.
      await closeBrowser();
      const message = error && error.message ? error.message : String(error);
      if (process.connected) process.send({ id: job.id, ok: false, error: message });
    }
  });
});

async function closeBrowser() {
  const open = browser;
  browser = undefined;
  if (open) await open.close().catch(() => undefined);
}

process.on('disconnect', () => {
  // A browser that does not close in a few seconds is killed, with its group (its renderers).
  const pid = browser && browser.process() && browser.process().pid;
  setTimeout(() => {
    if (pid) for (const target of [-pid, pid]) try { process.kill(target, 'SIGKILL'); } catch {}
    process.exit(0);
  }, 5_000);
  void closeBrowser().finally(() => process.exit(0));
});
