import type { Route } from '../platform/router.ts';
import type { AiCommand, AiDeps } from './ai-deps.ts';
import { askCoachRoute, coachHistoryRoute, forgetCoachRoute } from './coach/coach-routes.ts';
import { analyseInterviewRoute } from './interviews/analyse-interview.ts';
import { answerQuestionRoute } from './interviews/answer-question.ts';
import { startInterviewRoute } from './interviews/start-interview.ts';
import { resumesOnFileRoute } from './resume/resumes-on-file.ts';
import { reviewResumeRoute } from './resume/review-resume.ts';
import { providersOf } from './settings.ts';

const providersRoute: AiCommand = async (_request, deps) => providersOf(deps.settings);

const AI_ROUTES: ReadonlyArray<{ method: Route['method']; path: string; command: AiCommand }> = [
  { method: 'GET', path: '/providers', command: providersRoute },
  { method: 'POST', path: '/resume-review', command: reviewResumeRoute },
  { method: 'GET', path: '/resumes', command: resumesOnFileRoute },
  { method: 'POST', path: '/interviews', command: startInterviewRoute },
  { method: 'POST', path: '/interviews/{sessionId}/answers', command: answerQuestionRoute },
  { method: 'POST', path: '/interviews/{sessionId}/analysis', command: analyseInterviewRoute },
  { method: 'POST', path: '/coach', command: askCoachRoute },
  { method: 'GET', path: '/coach', command: coachHistoryRoute },
  { method: 'DELETE', path: '/coach', command: forgetCoachRoute },
];

/** The routes of the `ai` function (README.md beside this file), bound to their dependencies. */
export function aiRoutes(deps: AiDeps): Route[] {
  return AI_ROUTES.map(({ method, path, command }) => ({ method, path, command: (request) => command(request, deps) }));
}
