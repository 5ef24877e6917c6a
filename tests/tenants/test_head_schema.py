"""The kept schema script (tenants/head_schema.sql), which `merit tenants create` builds new
organisations from, is what the models render now: a new migration, a model change or new
defaults without writing it again fails here, with the command that writes it."""

from tenants import head_schema
from tenants.provision import schema_script
from tenants.revisions import head_revision


def test_the_kept_schema_script_is_the_one_the_models_render_now():
    wanted = head_schema.render()
    kept = head_schema.KEPT.read_text(encoding="utf-8") if head_schema.KEPT.exists() else ""
    assert kept == wanted, (
        f"{head_schema.KEPT.name} is not what the models render at {head_revision()}: "
        f"write it again with `{head_schema.REGENERATE}` and commit it"
    )


def test_the_kept_script_is_used_only_for_the_revision_it_was_written_for():
    revision, text = head_schema.kept() or ("", "")
    assert revision == head_revision()
    assert head_schema.script_at(revision) == text
    # Written for another revision (a migration added since): rendered from the models.
    assert head_schema.script_at("some_other_revision") == schema_script()
