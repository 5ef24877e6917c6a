"""Retrieval quality: real questions and the article each must surface as the top answer.

Questions are written the way people ask them, not in the articles' words. Prints the hit
rate per assistant (run with -s to see it); the target is at least 36 of 40.
"""

import pytest

from api.assistants import service
from api.assistants.corpus import ensure_synced
from api.core.db import public_session

PRODUCT_QUESTIONS = [
    ("How do I add a new hire to the system?", "product/add-employee"),
    ("Can I import all my staff from a spreadsheet?", "product/bulk-upload"),
    ("Which columns does the CSV file for uploading employees need?", "product/bulk-upload"),
    ("How do I set up a new questionnaire for quarterly appraisals?", "product/create-template"),
    (
        "Someone left the company, how do I hide them without losing their history?",
        "product/archive-employee",
    ),
    ("How can I schedule a performance review for one of my people?", "product/create-review"),
    ("Can I save a half-finished review and come back to it later?", "product/complete-review"),
    ("What does 'Expires in 12 days' mean on a certificate?", "product/certification-expiry"),
    ("How do I record that someone passed their first aid course?", "product/assign-certification"),
    ("How can I roll back to yesterday's data after a mistake?", "product/restore-backup"),
    ("When do the automatic backups run and how long are they kept?", "product/backups"),
    ("I forgot the admin password, what can I do?", "product/forgot-password"),
    ("What does the Avg Rating card on the dashboard show?", "product/dashboard"),
    ("How do I change our company logo?", "product/organization-settings"),
    ("What can the HR role do compared to a manager?", "product/roles-and-permissions"),
    ("How do I mark a reminder as read?", "product/reminders"),
    ("Which file types can I upload as employee documents?", "product/upload-documents"),
    ("How do I create a new department and what is a slug?", "product/departments"),
    ("How do I delete an employee for good?", "product/delete-employee"),
    ("It says Organization not found when I try to log in", "product/sign-in-problems"),
    ("How do I launch reviews for my whole engineering team at once?", "product/review-cycles"),
    (
        "Is there a way to kick off annual appraisals for everybody in one go?",
        "product/review-cycles",
    ),
    (
        "A review showed up that nobody created, where did it come from?",
        "product/scheduled-reviews",
    ),
    (
        "Why wasn't a new review made for Sam even though his date is next week?",
        "product/scheduled-reviews",
    ),
    ("Can I see the reviews as a table instead of cards?", "product/list-filters-and-table-view"),
    (
        "How do I show only the overdue reviews for the sales team?",
        "product/list-filters-and-table-view",
    ),
    (
        "Can I send my colleague a link to the list with my filters on?",
        "product/list-filters-and-table-view",
    ),
    ("How do I get all our reviews into Excel?", "product/csv-export"),
    ("Can I download the certifications list as a spreadsheet?", "product/csv-export"),
    (
        "After restoring a backup, a former colleague's account says Disabled. How do I turn it back on?",
        "product/enable-user",
    ),
    ("Why can't an old user get in after we restored last week's data?", "product/enable-user"),
    ("It won't accept 1850 as a birth year or start date, why?", "product/date-limits"),
    (
        "How far in advance does Merit warn me before a licence runs out?",
        "product/certification-reminders",
    ),
    (
        "Will I get a heads-up when someone's forklift ticket is about to lapse?",
        "product/certification-reminders",
    ),
    ("What does the little note under Total Employees mean?", "product/dashboard"),
    ("The dashboard says 3 overdue, where do I see which ones?", "product/dashboard"),
    (
        "Why does the profile show one date for the open review and another for the next one?",
        "product/employee-profile",
    ),
    (
        'My Excel file has "Sales Rep, Senior" in quotes and the upload complains',
        "product/bulk-upload",
    ),
    (
        "Why does Admin say 3 people in Sales but I see 4 including the one who left?",
        "product/departments",
    ),
    (
        "The card says 2 people hold First Aid but I know more did the course",
        "product/certification-types",
    ),
]

HR_QUESTIONS = [
    ("How do I write a fair performance review?", "hr/writing-effective-reviews"),
    (
        "How should I phrase criticism about someone interrupting clients in meetings?",
        "hr/constructive-feedback",
    ),
    ("What should I put in a recognition note?", "hr/recognition-notes"),
    ("How do I document a missed deadline in a redirection note?", "hr/redirection-notes"),
    ("How can I make my team's goals measurable?", "hr/smart-goals"),
    ("What goes into a performance improvement plan?", "hr/performance-improvement-plan"),
    ("How do I avoid recency bias when rating my team?", "hr/avoiding-bias"),
    ("What does a rating of 3 out of 5 mean?", "hr/rating-scale"),
    ("Should I ask employees to assess themselves before the review?", "hr/self-assessment"),
    ("How should I structure the review meeting itself?", "hr/review-meeting"),
    (
        "My employee got upset and started crying during feedback, what do I do?",
        "hr/difficult-conversations",
    ),
    (
        "One of my team keeps missing targets, when should I step in?",
        "hr/addressing-underperformance",
    ),
    ("How do I keep my top performer engaged and growing?", "hr/high-performers"),
    ("What should I check at the end of a new starter's probation?", "hr/probation-reviews"),
    ("Is my senior engineer ready to be promoted?", "hr/promotion-reviews"),
    ("How do I review someone who works from home fairly?", "hr/remote-employees"),
    ("What shouldn't I write in performance notes for legal reasons?", "hr/documentation"),
    ("Can you give me example phrases for areas of improvement?", "hr/review-phrases"),
    ("How do I collect 360 feedback from colleagues?", "hr/peer-feedback"),
    ("How do I connect my team's goals to the company OKRs?", "hr/aligning-goals"),
    (
        "What's a good way to tell someone their work is sloppy without crushing them?",
        "hr/constructive-feedback",
    ),
    (
        "How often should I be giving my people feedback, not just once a year?",
        "hr/continuous-feedback",
    ),
    ("Help me write a development plan for a junior analyst", "hr/development-plans"),
    ("How do I thank someone publicly for covering a colleague's shift?", "hr/positive-feedback"),
    (
        "I need to tell my manager things are not working, how do I coach upwards?",
        "hr/motivating-feedback-for-managers",
    ),
    ("What words should I never use in an appraisal?", "hr/words-to-avoid"),
    ("What should I prepare before the year-end review?", "hr/annual-review-preparation"),
    ("Can you help me turn vague objectives into SMART ones?", "hr/smart-goals"),
    ("How do I put someone on a PIP?", "hr/performance-improvement-plan"),
    ("I think I'm rating people I like higher, how do I stop that?", "hr/avoiding-bias"),
    ("What's the difference between a 4 and a 5 rating?", "hr/rating-scale"),
    (
        "My report gave themselves top marks in the self review, how do I handle it?",
        "hr/self-assessment",
    ),
    ("How long should the review meeting last and what order should I go in?", "hr/review-meeting"),
    ("He gets defensive and angry whenever I bring up his lateness", "hr/difficult-conversations"),
    (
        "Her output has dropped for three months, what are my options?",
        "hr/addressing-underperformance",
    ),
    ("My best engineer seems bored, how do I stretch her?", "hr/high-performers"),
    ("The new hire's trial period ends next month, should I keep him?", "hr/probation-reviews"),
    ("How do I write up evidence for someone's promotion case?", "hr/promotion-reviews"),
    ("How do I judge someone I only see on video calls?", "hr/remote-employees"),
    ("What do I write in a note when someone keeps missing deadlines?", "hr/redirection-notes"),
]


async def hit_rate(kind: service.Kind, cases: list[tuple[str, str]]) -> tuple[int, list[str]]:
    await ensure_synced()
    hits, misses = 0, []
    async with public_session() as db:
        for question, expected in cases:
            found, _ = await service.search(db, kind=kind, question=question)
            top = found[0].slug if found else None
            if top == expected:
                hits += 1
            else:
                misses.append(f"{question!r}: expected {expected}, got {top}")
    return hits, misses


@pytest.mark.parametrize(
    ("kind", "cases"), [("admin", PRODUCT_QUESTIONS), ("review", HR_QUESTIONS)]
)
async def test_top_answer_hit_rate(kind, cases):
    assert len(cases) == 40
    hits, misses = await hit_rate(kind, cases)
    print(f"\n{kind} assistant retrieval hit rate: {hits}/{len(cases)}")
    for miss in misses:
        print("  miss:", miss)
    assert hits >= 36, misses
