import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { resumePdf } from '../../scripts/demo/resume-pdf.ts';
import { signIn } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { files } from './support/steps.ts';

/**
 * A student uses the AI features in the portal as a deployment without keys serves them: the local
 * provider reviews a resume against a posting, runs a typed practice interview and answers as the
 * career coach (whose answers carry no provider note: only an outside AI is named). (With GEMINI_API_KEY or
 * ELEVENLABS_* in the root .env these journeys would meet Gemini and ElevenLabs instead: CI has none.)
 */

useChromium();

// A demo posting with a title, a field and a place the local provider's texts draw on.
const POSTING = { title: 'STEM Camp Assistant', company: 'Northwind Robotics', field: 'Engineering', location: 'Waterloo' };

/** Opens the posting's detail page from the Jobs listing, as a student finds it. */
async function openPosting(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('navigation', { name: 'Opportunity categories' }).getByRole('link', { name: 'Jobs' }).click();
  await page.getByRole('search', { name: 'Filter opportunities' }).getByRole('searchbox', { name: 'Search' }).fill(POSTING.title);
  await page
    .getByRole('region', { name: /opportunities$/ })
    .getByRole('link', { name: POSTING.title, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: POSTING.title }).waitFor();
  return new URL(page.url()).pathname;
}

/**
 * Holds the `ai` function's analysis request until released, so the page's waiting state stays on
 * screen long enough to be read however fast the local provider answers, and keeps what the page
 * asked for. Nothing is changed: the request goes on to the server as sent.
 */
async function holdAnalysis(page: Page): Promise<{ release: () => void; requests: Array<{ async?: unknown; path?: unknown }> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requests: Array<{ async?: unknown; path?: unknown }> = [];
  await page.route('**/v1/functions/ai/executions', async (route) => {
    const body = route.request().postData();
    if (body?.includes('/analysis')) {
      requests.push(JSON.parse(body) as { async?: unknown; path?: unknown });
      await released;
    }
    await route.continue();
  });
  return { release, requests };
}

journey('a student has a resume reviewed for a posting by the local provider', async ({ portal, window }) => {
  const page = await window();
  await signIn(page, portal.people.maya!);
  const jobPath = await openPosting(page);
  const jobId = jobPath.split('/').pop()!;

  await page.getByRole('link', { name: 'Review Resume for this Position' }).click();
  await page.waitForURL(`**/resume/${jobId}`);
  await page.getByRole('heading', { name: `Review your resume for ${POSTING.title}` }).waitFor();
  // A courtesy note read from the ai function, asked again while a loaded machine is slow to answer.
  await page.getByText('Your resume will be reviewed by our built-in assistant.').waitFor({ timeout: 60_000 });

  // The resumes Maya already sent with her applications are offered, the newest chosen: no new upload asked (issue 25).
  const onFile = page.getByRole('radio', { name: /^Maya-Patel-Resume\.pdf \(sent with / });
  await onFile.first().waitFor();
  expect(await onFile.first().isChecked()).toBe(true);
  expect(await page.getByLabel('Resume (PDF)').count()).toBe(0);
  await page.getByRole('radio', { name: 'Upload another PDF' }).check();

  // Nothing picked, then a text file: both refused beside the picker, in the spec's words.
  const submit = page.getByRole('button', { name: 'Review Resume with AI' });
  await submit.click();
  await page.getByRole('alert').filter({ hasText: MESSAGES.selectFile }).waitFor();
  const picker = page.getByLabel('Resume (PDF)');
  await picker.setInputFiles(files.text());
  await page.getByRole('alert').filter({ hasText: MESSAGES.onlyPdf }).waitFor();
  await submit.click();
  await page.getByRole('alert').filter({ hasText: MESSAGES.onlyPdf }).waitFor();

  // A real PDF whose text carries markup: it may be read, never run.
  const resume = resumePdf({
    name: 'Maya Patel',
    email: '1001@school.example',
    headline: 'Grade 11 student',
    sections: [
      { title: 'Education', lines: ['Escarpment Heights SS, Grade 11 (2024 - present)'] },
      { title: 'Experience', lines: ['Robotics club: built and coded LEGO robots with a team of 6', '<img src=x onerror="window.__pdfMarkup=1">'] },
      { title: 'Skills', lines: ['Scratch, Python, teamwork', '<b id="pdf-markup">kids camp leader</b>'] },
    ],
  });
  await picker.setInputFiles({ name: 'maya-resume.pdf', mimeType: 'application/pdf', buffer: resume });
  await page.getByText('Selected: maya-resume.pdf').waitFor();
  await expect.poll(() => page.getByText(MESSAGES.onlyPdf).count()).toBe(0);
  await submit.click();

  const results = page.getByRole('region', { name: 'Results' });
  await results.getByText('Reviewed by our built-in assistant').waitFor();
  // The review's structure: a bold heading and bullet lists, rendered as elements by the widget.
  await results.locator('strong', { hasText: `Resume review for ${POSTING.title} at ${POSTING.company}` }).waitFor();
  const sectionsFound = results.getByRole('list').filter({ has: page.locator('strong', { hasText: /^Education$/ }) });
  for (const section of ['Contact', 'Education', 'Experience', 'Skills']) {
    await sectionsFound
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^${section}$`) })
      .waitFor();
  }
  await results.getByText(/^Keyword match: \d+ of \d+ \(\d+%\)$/).waitFor();
  // Each result is listed once: the text names what `details` measures, with no second list (issue 25).
  expect(await results.getByText(/Keyword coverage|Keyword match/).count()).toBe(1);
  // The PDF's markup was read as text (its word "kids", from the posting, counts as a match) and
  // made no element and ran no script.
  await results
    .getByRole('listitem')
    .filter({ hasText: /\bkids\b/ })
    .waitFor();
  expect(await page.locator('#pdf-markup').count()).toBe(0);
  expect(await results.locator('img, b').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pdfMarkup?: unknown }).__pdfMarkup)).toBeUndefined();
});

/**
 * A camera and microphone for the page: a drawing on a canvas and a steady tone, where the test's
 * Chromium has no devices. Everything else the page does with them (preview, recording) is its own.
 */
async function fakeCamera(page: Page): Promise<void> {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#5b7db1';
        context.fillRect(0, 0, 320, 240);
      }
      // A recorder waits for sound before it writes anything: the "microphone" hums, as a real one always gives samples.
      const audio = new AudioContext();
      const hum = audio.createOscillator();
      const sound = audio.createMediaStreamDestination();
      hum.connect(sound);
      hum.start();
      void audio.resume();
      return new MediaStream([...(constraints?.video ? canvas.captureStream(5).getVideoTracks() : []), ...sound.stream.getAudioTracks()]);
    };
  });
}

const DOWNLOADS_AFTER_SESSION = 'Recordings and transcripts can be downloaded after a session ends.';
const MONTH = '(January|February|March|April|May|June|July|August|September|October|November|December)';

journey('a student practises a typed interview for a posting and gets results from the local provider', async ({ portal, window }) => {
  const page = await window();
  await fakeCamera(page);
  await signIn(page, portal.people.maya!);
  const jobPath = await openPosting(page);
  const jobId = jobPath.split('/').pop()!;

  // Into the room and back to the posting, then into the room again.
  await page.getByRole('link', { name: 'Practice Interview for this Position' }).click();
  await page.waitForURL(`**/interview/${jobId}`);
  await page.getByRole('link', { name: 'Back to Job' }).click();
  await page.waitForURL(`**${jobPath}`);
  await page.getByRole('link', { name: 'Practice Interview for this Position' }).click();
  await page.getByRole('heading', { name: `Practice interview: ${POSTING.title}` }).waitFor();
  await page.getByText('Typed interview from our built-in assistant; results by our built-in assistant.').waitFor();
  const connection = page.getByRole('status').filter({ hasText: 'Connection Status:' });
  await connection.filter({ hasText: 'Disconnected' }).waitFor();
  // A typed interview has no empty camera box and no agent listening before it starts (issue 25).
  expect(await page.getByText(MESSAGES.cameraPlaceholder).count()).toBe(0);
  expect(await page.getByText('Agent is Listening').count()).toBe(0);
  const end = page.getByRole('button', { name: 'End Session' });
  expect(await end.isDisabled()).toBe(true);
  // Nothing to download before a session, and the page says so.
  const transcriptDownload = page.getByRole('button', { name: 'Download transcript' });
  expect(await transcriptDownload.isDisabled()).toBe(true);
  await page.getByText(DOWNLOADS_AFTER_SESSION).waitFor();

  // The questions come one at a time, drawn from the posting.
  await page.getByRole('button', { name: 'Start Session' }).click();
  await connection.filter({ hasText: 'Connected' }).waitFor();
  await page.getByText(`This is a practice interview for the ${POSTING.title} position at ${POSTING.company}.`).waitFor();
  // The student sees themselves while answering: the camera box plays the camera.
  const camera = page.getByLabel('Your camera');
  await expect
    .poll(() =>
      camera.evaluate((video: HTMLVideoElement) => video.srcObject !== null && !video.paused && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA),
    )
    .toBe(true);
  expect(await page.getByText(MESSAGES.cameraPlaceholder).count()).toBe(0);
  const question = (number: number) => page.getByRole('textbox', { name: new RegExp(`^Question ${number} of 5\\b`) });
  const expected: Array<[number, RegExp]> = [
    [1, new RegExp(`${POSTING.title} job at ${POSTING.company}`)],
    [2, /The posting mentions "/],
    [3, new RegExp(`What draws you to ${POSTING.field}`)],
    [4, /Describe a situation where something went wrong/],
  ];
  for (const [number, text] of expected) {
    const answer = question(number);
    await answer.waitFor();
    await page.getByText(text).waitFor();
    await answer.fill(
      `In my school robotics club last year I led a team of 6 building a robot for a contest; we practised every week and finished third. Answer ${number}.`,
    );
    // Enter sends, as in a chat (issue 25); the button does the same.
    if (number % 2 === 0) await answer.press('Enter');
    else await page.getByRole('button', { name: 'Send answer' }).click();
  }
  await question(5).waitFor();
  // The start date reads as people say it, never as a stored ISO date.
  await page.getByText(new RegExp(`This job is in ${POSTING.location} and starts on ${MONTH} \\d{1,2}, \\d{4}\\. How will you fit it`)).waitFor();
  expect(await page.getByText(/\d{4}-\d{2}-\d{2}/).count()).toBe(0);

  // Ending the session: the results are generated in the background, then shown with who analysed them.
  const { release, requests } = await holdAnalysis(page);
  await end.click();
  const results = page.getByRole('region', { name: 'Results' });
  await results.getByRole('status').filter({ hasText: MESSAGES.generatingResults }).waitFor();
  await connection.filter({ hasText: 'Disconnected' }).waitFor();
  expect(await results.getByText(/^Analysed by/).count()).toBe(0);
  // An asynchronous execution: Appwrite would end a synchronous one after 30 s, and an analysis may take longer.
  await expect.poll(() => requests.length).toBe(1);
  expect(requests).toEqual([expect.objectContaining({ async: true, path: expect.stringMatching(/^\/interviews\/[^/]+\/analysis$/) })]);
  release();
  await results.getByText('Analysed by our built-in assistant').waitFor();
  // The results come into view with focus when they are ready, however far down the page they are (issue 25).
  const resultsHeading = results.getByRole('heading', { name: 'Results' });
  await expect.poll(() => resultsHeading.evaluate((element) => element === document.activeElement)).toBe(true);
  await expect
    .poll(() =>
      resultsHeading.evaluate(
        (element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().bottom <= document.documentElement.clientHeight,
      ),
    )
    .toBe(true);
  await results.locator('strong', { hasText: `Interview feedback for ${POSTING.title} at ${POSTING.company}` }).waitFor();
  await results.getByText('You answered 4 of 5 questions.').waitFor();
  // Each question with the student's own answer, then the feedback on it.
  await results.getByText(/^Your answer: "In my school robotics club last year .* Answer 2\."$/).waitFor();
  await results.getByText('Your answer: none.').waitFor();
  expect(await results.getByRole('listitem').count()).toBeGreaterThan(4);
  await expect.poll(() => results.getByText(MESSAGES.generatingResults).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Start Session' }).isEnabled()).toBe(true);

  // The session's recording and transcript are the student's to keep.
  expect(await page.getByRole('link', { name: 'Download video' }).getAttribute('download')).toBe('interview-video.webm');
  expect(await page.getByRole('link', { name: 'Download audio' }).getAttribute('download')).toBe('interview-audio.webm');
  const transcriptLink = page.getByRole('link', { name: 'Download transcript' });
  expect(await transcriptLink.getAttribute('download')).toBe('interview-transcript.txt');
  const transcript = await transcriptLink.evaluate(async (link: HTMLAnchorElement) => (await fetch(link.href)).text());
  expect(transcript).toMatch(/Question 2 of 5: The posting mentions "[^\n]*\nYour answer: In my school robotics club [^\n]* Answer 2\.\n/);
  expect(transcript).toContain('Question 5 of 5:');
  expect(await page.getByText(DOWNLOADS_AFTER_SESSION).count()).toBe(0);
});

journey('a student asks the career coach about robotics and it names real postings', async ({ portal, window }) => {
  const page = await window();
  await signIn(page, portal.people.maya!);

  const toggle = page.getByRole('button', { name: 'Career coach' });
  const panel = page.getByRole('region', { name: MESSAGES.coachTitle });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await panel.isVisible()).toBe(false);
  await toggle.click();
  await panel.waitFor();
  const input = panel.getByPlaceholder(MESSAGES.coachPlaceholder);
  await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);

  await input.fill('Are there any robotics opportunities?');
  await panel.getByRole('button', { name: 'Send' }).click();
  const log = panel.getByRole('log', { name: 'Conversation with the career coach' });
  const answer = log.locator('[data-role="coach"]').last();
  await answer.getByText('These opportunities match what you asked:').waitFor();
  await log.locator('[data-role="user"]', { hasText: 'Are there any robotics opportunities?' }).waitFor();
  // Real demo postings about robotics, each a bullet with its title in bold.
  for (const title of ['Girls Who Build: Robotics Weekend', 'Robotics Demo Day Helper']) {
    await answer
      .getByRole('listitem')
      .filter({ has: page.locator('strong', { hasText: title }) })
      .waitFor();
  }
  expect(await input.inputValue()).toBe('');
  // The portal's own answer carries no "Answered by the local provider" jargon (issue 25).
  expect(await answer.getByText(/Answered by|provider/).count()).toBe(0);

  await panel.getByRole('button', { name: 'Close the career coach' }).click();
  await panel.waitFor({ state: 'hidden' });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await expect.poll(() => toggle.evaluate((element) => element === document.activeElement)).toBe(true);
});
