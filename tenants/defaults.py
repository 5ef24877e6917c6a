"""What every new organisation starts with."""

DEFAULT_DEPARTMENTS = [
    ("Engineering", "engineering", "Software and product engineering"),
    ("Sales", "sales", "New business and account management"),
    ("Marketing", "marketing", "Brand, campaigns and communications"),
    ("Human Resources", "human-resources", "People operations and talent"),
    ("Finance", "finance", "Accounting, payroll and planning"),
    ("Operations", "operations", "Facilities, logistics and support"),
]

DEFAULT_TEMPLATE = {
    "name": "Standard Performance Review",
    "description": "A balanced quarterly review covering results, skills and growth.",
    "questions": [
        {
            "id": "q1",
            "question": "Overall job performance",
            "type": "rating",
            "required": True,
            "scale": 5,
        },
        {
            "id": "q2",
            "question": "What were this person's most important achievements?",
            "type": "text",
            "required": True,
        },
        {
            "id": "q3",
            "question": "Where should this person focus to grow next quarter?",
            "type": "text",
            "required": False,
        },
        {
            "id": "q4",
            "question": "How well does this person collaborate with the team?",
            "type": "rating",
            "required": True,
            "scale": 5,
        },
        {
            "id": "q5",
            "question": "Did this person meet the goals set for this period?",
            "type": "yes-no",
            "required": True,
        },
    ],
}

# What a cycle's self-review asks the employee, in their own words: the review's template asks
# the manager about "this person". Not the default: new reviews still start from the one above.
SELF_REVIEW_TEMPLATE = {
    "name": "Self-Review",
    "description": "The employee's own look back at the period, written before the review.",
    "questions": [
        {
            "id": "q1",
            "question": "What were your most important achievements this period?",
            "type": "text",
            "required": True,
        },
        {
            "id": "q2",
            "question": "What went less well, and what did you learn from it?",
            "type": "text",
            "required": True,
        },
        {
            "id": "q3",
            "question": "What goals do you set yourself for the next period?",
            "type": "text",
            "required": True,
        },
        {
            "id": "q4",
            "question": "What support do you need from your manager or the team?",
            "type": "text",
            "required": False,
        },
        {
            "id": "q5",
            "question": "How would you rate your own performance this period?",
            "type": "rating",
            "required": True,
            "scale": 5,
        },
    ],
}

DEFAULT_TEMPLATES = [(DEFAULT_TEMPLATE, True), (SELF_REVIEW_TEMPLATE, False)]


def default_password(role: str, subdomain: str) -> str:
    """First passwords are the role followed by the organisation code (admin + acme)."""
    return f"{role}{subdomain}"
