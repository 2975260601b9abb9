import { describe, expect, it } from 'vitest';
import { aiJobLink, aiPlainText, parseAiMarkdown, parseSpans } from './ai-markdown.ts';

describe('parseAiMarkdown', () => {
  it('turns bold markers into strong spans', () => {
    expect(parseSpans('Your **Experience** section is **strong**.')).toEqual([
      { text: 'Your ', strong: false },
      { text: 'Experience', strong: true },
      { text: ' section is ', strong: false },
      { text: 'strong', strong: true },
      { text: '.', strong: false },
    ]);
  });

  it('groups consecutive bullet lines into one list, with - * and • bullets', () => {
    expect(parseAiMarkdown('Strengths:\n- **Clear** layout\n* Good verbs\n• Short\n\nNext step.')).toEqual([
      { kind: 'paragraph', spans: [{ text: 'Strengths:', strong: false }], lineBreakAfter: false },
      {
        kind: 'list',
        items: [
          [
            { text: 'Clear', strong: true },
            { text: ' layout', strong: false },
          ],
          [{ text: 'Good verbs', strong: false }],
          [{ text: 'Short', strong: false }],
        ],
      },
      { kind: 'paragraph', spans: [{ text: 'Next step.', strong: false }], lineBreakAfter: true },
    ]);
  });

  it('puts a line break after paragraphs that do not end with a colon', () => {
    const blocks = parseAiMarkdown('Overall a good start.\nHere is what to change:\n');
    expect(blocks.map((block) => block.kind === 'paragraph' && block.lineBreakAfter)).toEqual([true, false]);
  });

  it('separates two lists by a blank line', () => {
    expect(parseAiMarkdown('- a\n\n- b').filter((block) => block.kind === 'list')).toHaveLength(2);
  });

  it('reads a heading as a strong line', () => {
    expect(parseAiMarkdown('## **Summary**')).toEqual([{ kind: 'paragraph', spans: [{ text: 'Summary', strong: true }], lineBreakAfter: true }]);
  });

  it('keeps HTML, links and stray markers as literal text', () => {
    const input = '<script>alert(1)</script> see [site](https://evil.example) <b>x</b>\n- <img src=x onerror=alert(1)>\n**<a href="javascript:x">y</a>**';
    const blocks = parseAiMarkdown(input);
    expect(blocks[0]).toEqual({
      kind: 'paragraph',
      spans: [{ text: '<script>alert(1)</script> see [site](https://evil.example) <b>x</b>', strong: false }],
      lineBreakAfter: true,
    });
    expect(blocks[1]).toEqual({ kind: 'list', items: [[{ text: '<img src=x onerror=alert(1)>', strong: false }]] });
    expect(blocks[2]).toEqual({ kind: 'paragraph', spans: [{ text: '<a href="javascript:x">y</a>', strong: true }], lineBreakAfter: true });
  });

  it('leaves an unmatched marker as text', () => {
    expect(parseSpans('a ** b')).toEqual([{ text: 'a ** b', strong: false }]);
    expect(parseSpans('**** empty')).toEqual([{ text: '**** empty', strong: false }]);
  });

  it("links a posting's page, also in bold text and bullet lines", () => {
    expect(parseSpans('See [Tax Clinic Assistant](/job/job_42) today.')).toEqual([
      { text: 'See ', strong: false },
      { text: 'Tax Clinic Assistant', strong: false, href: '/job/job_42' },
      { text: ' today.', strong: false },
    ]);
    expect(parseAiMarkdown('- **[Barista (part-time)](/job/a.b-c)** at Bean There Cafe\n- [**Reading Tutor**](/job/x1)')).toEqual([
      {
        kind: 'list',
        items: [
          [
            { text: 'Barista (part-time)', strong: true, href: '/job/a.b-c' },
            { text: ' at Bean There Cafe', strong: false },
          ],
          [{ text: 'Reading Tutor', strong: true, href: '/job/x1' }],
        ],
      },
    ]);
  });

  it('keeps every other link as text: scripts, other sites, other pages of the portal', () => {
    for (const link of [
      '[click](javascript:alert(1))',
      '[click](JavaScript:alert(1))',
      '[site](https://evil.example/job/1)',
      '[site](//evil.example/job/1)',
      '[page](/job/1/../../admin)',
      '[page](/job/1?next=https://evil.example)',
      '[page](/profile)',
      '[data](data:text/html,<script>alert(1)</script>)',
    ]) {
      expect(parseSpans(`go ${link} now`)).toEqual([{ text: `go ${link} now`, strong: false }]);
    }
  });

  it('writes a posting link that reads back as one link span, whatever the title holds', () => {
    const title = 'Helper [weekends] **urgent** (Oakville)';
    expect(parseSpans(aiJobLink(title, 'job_7'))).toEqual([{ text: 'Helper (weekends) *urgent* (Oakville)', strong: false, href: '/job/job_7' }]);
    expect(aiJobLink('Tutor', 'not an id')).toBe('Tutor');
  });

  it('gives the plain text of the blocks', () => {
    expect(aiPlainText(parseAiMarkdown('**Hi** there\n- one\n- two'))).toBe('Hi there\n• one\n• two');
  });
});
