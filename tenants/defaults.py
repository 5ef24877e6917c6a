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


def default_password(role: str, subdomain: str) -> str:
    """First passwords are the role followed by the organisation code (admin + acme)."""
    return f"{role}{subdomain}"
