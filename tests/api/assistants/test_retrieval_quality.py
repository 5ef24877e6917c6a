"""Retrieval quality: real questions and the article each must surface as the top answer.

Prints the hit rate per assistant (run with -s to see it); the target is at least 18 of 20.
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
    assert len(cases) == 20
    hits, misses = await hit_rate(kind, cases)
    print(f"\n{kind} assistant retrieval hit rate: {hits}/{len(cases)}")
    for miss in misses:
        print("  miss:", miss)
    assert hits >= 18, misses
