-- A new organisation's schema at the tenant head: its tables, default departments
-- and review templates, as tenants/provision.py schema_script() renders them.
-- Written by `uv run python -m tenants.head_schema`; do not edit.
-- revision: 0006_review_cycles
CREATE TABLE audit_events (
	id BIGINT GENERATED ALWAYS AS IDENTITY, 
	at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	actor_user_id VARCHAR(64), 
	actor_name VARCHAR(200) NOT NULL, 
	actor_role VARCHAR(20), 
	action VARCHAR(40) NOT NULL, 
	resource VARCHAR(40) NOT NULL, 
	record_id VARCHAR(64), 
	employee_id INTEGER, 
	summary VARCHAR(300), 
	changes JSONB, 
	ip VARCHAR(64), 
	request_id VARCHAR(64), 
	CONSTRAINT pk_audit_events PRIMARY KEY (id)
);
CREATE INDEX ix_audit_events_actor_at ON audit_events (actor_user_id, at);
CREATE INDEX ix_audit_events_at ON audit_events (at);
CREATE INDEX ix_audit_events_employee_at ON audit_events (employee_id, at);
CREATE INDEX ix_audit_events_record ON audit_events (resource, record_id);
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' AND current_setting('merit.audit_purge', true) = 'on' THEN RETURN OLD; END IF; RAISE EXCEPTION 'audit_events is append-only'; END $$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
CREATE TABLE backups (
	id SERIAL NOT NULL, 
	filename VARCHAR(200) NOT NULL, 
	timestamp TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	size_bytes BIGINT DEFAULT '0' NOT NULL, 
	employee_count INTEGER DEFAULT '0' NOT NULL, 
	status VARCHAR(20) DEFAULT 'pending' NOT NULL, 
	kind VARCHAR(20) DEFAULT 'manual' NOT NULL, 
	error TEXT, 
	CONSTRAINT pk_backups PRIMARY KEY (id), 
	CONSTRAINT ck_backups_status CHECK (status in ('pending', 'completed', 'failed')), 
	CONSTRAINT uq_backups_filename UNIQUE (filename)
);
CREATE TABLE certification_types (
	id SERIAL NOT NULL, 
	name VARCHAR(100) NOT NULL, 
	description VARCHAR(1000), 
	issuing_organization VARCHAR(100), 
	validity_months INTEGER, 
	is_required BOOLEAN DEFAULT 'false' NOT NULL, 
	reminder_days INTEGER[] DEFAULT '{90,60,30,7}' NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_certification_types PRIMARY KEY (id), 
	CONSTRAINT ck_certification_types_validity_months_range CHECK (validity_months between 1 and 120), 
	CONSTRAINT uq_certification_types_name UNIQUE (name)
);
CREATE TABLE departments (
	id SERIAL NOT NULL, 
	name VARCHAR(50) NOT NULL, 
	slug VARCHAR(50) NOT NULL, 
	description VARCHAR(200), 
	is_default BOOLEAN DEFAULT 'false' NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_departments PRIMARY KEY (id), 
	CONSTRAINT ck_departments_slug_format CHECK (slug ~ '^[a-z0-9_-]{2,50}$'), 
	CONSTRAINT ck_departments_name_length CHECK (char_length(name) between 2 and 50), 
	CONSTRAINT uq_departments_slug UNIQUE (slug)
);
CREATE TABLE organization_settings (
	id SERIAL NOT NULL, 
	business_name VARCHAR(100), 
	logo_url VARCHAR(500), 
	admin_password TEXT, 
	hr_password TEXT, 
	manager_password TEXT, 
	user_password TEXT, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_organization_settings PRIMARY KEY (id)
);
CREATE TABLE review_templates (
	id SERIAL NOT NULL, 
	name VARCHAR(100) NOT NULL, 
	description VARCHAR(500), 
	questions JSONB NOT NULL, 
	questions_version INTEGER DEFAULT '1' NOT NULL, 
	is_default BOOLEAN DEFAULT 'false' NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_review_templates PRIMARY KEY (id), 
	CONSTRAINT ck_review_templates_name_length CHECK (char_length(name) between 3 and 100)
);
CREATE UNIQUE INDEX uq_review_templates_default ON review_templates (is_default) WHERE is_default;
CREATE TABLE upload_slots (
	id VARCHAR(64) NOT NULL, 
	purpose VARCHAR(20) NOT NULL, 
	path VARCHAR(500) NOT NULL, 
	expires_at TIMESTAMP WITH TIME ZONE NOT NULL, 
	used_at TIMESTAMP WITH TIME ZONE, 
	size BIGINT, 
	mime_type VARCHAR(100), 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_upload_slots PRIMARY KEY (id), 
	CONSTRAINT uq_upload_slots_path UNIQUE (path)
);
CREATE TABLE employees (
	id SERIAL NOT NULL, 
	employee_id VARCHAR(20) NOT NULL, 
	first_name VARCHAR(50) NOT NULL, 
	last_name VARCHAR(50) NOT NULL, 
	email VARCHAR(255), 
	department VARCHAR(50), 
	position VARCHAR(100), 
	start_date DATE, 
	manager_id VARCHAR(20), 
	review_schedule VARCHAR(20) DEFAULT 'quarterly' NOT NULL, 
	next_review_date DATE, 
	profile_photo_url VARCHAR(500), 
	is_archived BOOLEAN DEFAULT 'false' NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_employees PRIMARY KEY (id), 
	CONSTRAINT ck_employees_review_schedule CHECK (review_schedule in ('monthly', 'quarterly', 'biannual', 'annual')), 
	CONSTRAINT ck_employees_employee_id_length CHECK (char_length(employee_id) between 3 and 20), 
	CONSTRAINT ck_employees_not_own_manager CHECK (manager_id is distinct from employee_id), 
	CONSTRAINT uq_employees_employee_id UNIQUE (employee_id), 
	CONSTRAINT uq_employees_email UNIQUE (email), 
	CONSTRAINT fk_employees_department_departments FOREIGN KEY(department) REFERENCES departments (slug) ON DELETE RESTRICT ON UPDATE CASCADE, 
	CONSTRAINT fk_employees_manager_id_employees FOREIGN KEY(manager_id) REFERENCES employees (employee_id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX ix_employees_archived ON employees (id) WHERE is_archived IS TRUE;
CREATE INDEX ix_employees_department ON employees (department);
CREATE INDEX ix_employees_last_first ON employees (last_name, first_name);
CREATE INDEX ix_employees_manager_id ON employees (manager_id);
CREATE TABLE certifications (
	id SERIAL NOT NULL, 
	employee_id INTEGER NOT NULL, 
	name VARCHAR(100) NOT NULL, 
	issuing_organization VARCHAR(100), 
	issue_date DATE, 
	expiration_date DATE, 
	certificate_number VARCHAR(50), 
	description TEXT, 
	attachment_url VARCHAR(500), 
	is_active BOOLEAN DEFAULT 'true' NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_certifications PRIMARY KEY (id), 
	CONSTRAINT ck_certifications_expiry_after_issue CHECK (expiration_date is null or issue_date is null or expiration_date >= issue_date), 
	CONSTRAINT fk_certifications_employee_id_employees FOREIGN KEY(employee_id) REFERENCES employees (id) ON DELETE CASCADE
);
CREATE INDEX ix_certifications_employee_id ON certifications (employee_id);
CREATE TABLE employee_certifications (
	id SERIAL NOT NULL, 
	employee_id INTEGER NOT NULL, 
	certification_type_id INTEGER NOT NULL, 
	issue_date DATE NOT NULL, 
	expiration_date DATE, 
	certificate_number VARCHAR(50), 
	attachment_url VARCHAR(500), 
	is_active BOOLEAN DEFAULT 'true' NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_employee_certifications PRIMARY KEY (id), 
	CONSTRAINT ck_employee_certifications_expiry_after_issue CHECK (expiration_date is null or expiration_date >= issue_date), 
	CONSTRAINT fk_employee_certifications_employee_id_employees FOREIGN KEY(employee_id) REFERENCES employees (id) ON DELETE CASCADE, 
	CONSTRAINT fk_employee_certifications_certification_type_id_certif_f98b FOREIGN KEY(certification_type_id) REFERENCES certification_types (id) ON DELETE CASCADE
);
CREATE INDEX ix_employee_certifications_certification_type_id ON employee_certifications (certification_type_id);
CREATE INDEX ix_employee_certifications_employee_id ON employee_certifications (employee_id);
CREATE INDEX ix_employee_certifications_expiration_date ON employee_certifications (expiration_date);
CREATE TABLE employee_documents (
	id SERIAL NOT NULL, 
	employee_id INTEGER NOT NULL, 
	document_type VARCHAR(30) NOT NULL, 
	title VARCHAR(200) NOT NULL, 
	description TEXT, 
	file_name VARCHAR(255) NOT NULL, 
	file_size BIGINT NOT NULL, 
	mime_type VARCHAR(100) NOT NULL, 
	file_path VARCHAR(500) NOT NULL, 
	uploaded_by VARCHAR(200), 
	is_confidential BOOLEAN DEFAULT 'false' NOT NULL, 
	status VARCHAR(20) DEFAULT 'active' NOT NULL, 
	version INTEGER DEFAULT '1' NOT NULL, 
	expiration_date DATE, 
	signed_date DATE, 
	tags TEXT[] DEFAULT '{}' NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_employee_documents PRIMARY KEY (id), 
	CONSTRAINT ck_employee_documents_document_type CHECK (document_type in ('contract', 'tax_form', 'emergency_contact', 'handbook', 'policy', 'certificate', 'other')), 
	CONSTRAINT ck_employee_documents_file_size_limit CHECK (file_size between 0 and 10485760), 
	CONSTRAINT fk_employee_documents_employee_id_employees FOREIGN KEY(employee_id) REFERENCES employees (id) ON DELETE CASCADE, 
	CONSTRAINT uq_employee_documents_file_path UNIQUE (file_path)
);
CREATE INDEX ix_employee_documents_employee_id ON employee_documents (employee_id);
CREATE TABLE employee_notes (
	id SERIAL NOT NULL, 
	employee_id INTEGER NOT NULL, 
	date DATE NOT NULL, 
	category VARCHAR(20) NOT NULL, 
	note TEXT NOT NULL, 
	created_by VARCHAR(200) DEFAULT 'HR Admin' NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_employee_notes PRIMARY KEY (id), 
	CONSTRAINT ck_employee_notes_category CHECK (category in ('recognition', 'redirection')), 
	CONSTRAINT fk_employee_notes_employee_id_employees FOREIGN KEY(employee_id) REFERENCES employees (id) ON DELETE CASCADE
);
CREATE INDEX ix_employee_notes_employee_id ON employee_notes (employee_id);
CREATE TABLE users (
	id VARCHAR(64) NOT NULL, 
	email VARCHAR(255) NOT NULL, 
	first_name VARCHAR(50), 
	last_name VARCHAR(50), 
	profile_image_url VARCHAR(500), 
	role VARCHAR(20) DEFAULT 'user' NOT NULL, 
	employee_id INTEGER, 
	password_hash TEXT, 
	is_active BOOLEAN DEFAULT 'true' NOT NULL, 
	force_password_change BOOLEAN DEFAULT 'true' NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_users PRIMARY KEY (id), 
	CONSTRAINT ck_users_role CHECK (role in ('admin', 'hr', 'manager', 'user')), 
	CONSTRAINT uq_users_email UNIQUE (email), 
	CONSTRAINT uq_users_employee_id UNIQUE (employee_id), 
	CONSTRAINT fk_users_employee_id_employees FOREIGN KEY(employee_id) REFERENCES employees (id) ON DELETE RESTRICT
);
CREATE TABLE notification_preferences (
	user_id VARCHAR(64) NOT NULL, 
	kind VARCHAR(40) NOT NULL, 
	delivery VARCHAR(10) NOT NULL, 
	updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_notification_preferences PRIMARY KEY (user_id, kind), 
	CONSTRAINT ck_notification_preferences_kind CHECK (kind in ('review_assigned', 'self_review_requested', 'feedback_requested', 'review_due_soon', 'review_overdue', 'review_shared', 'review_acknowledged', 'certification_expiring')), 
	CONSTRAINT ck_notification_preferences_delivery CHECK (delivery in ('immediate', 'digest', 'off')), 
	CONSTRAINT fk_notification_preferences_user_id_users FOREIGN KEY(user_id) REFERENCES users (id) ON DELETE CASCADE
);
CREATE TABLE review_cycles (
	id SERIAL NOT NULL, 
	name VARCHAR(100) NOT NULL, 
	review_type VARCHAR(30) NOT NULL, 
	template_id INTEGER NOT NULL, 
	self_template_id INTEGER, 
	population JSONB NOT NULL, 
	self_due DATE, 
	feedback_due DATE, 
	review_due DATE NOT NULL, 
	acknowledge_due DATE, 
	status VARCHAR(20) DEFAULT 'draft' NOT NULL, 
	launched_at TIMESTAMP WITH TIME ZONE, 
	closed_at TIMESTAMP WITH TIME ZONE, 
	created_by_user_id VARCHAR(64), 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_review_cycles PRIMARY KEY (id), 
	CONSTRAINT ck_review_cycles_name_length CHECK (char_length(name) between 3 and 100), 
	CONSTRAINT ck_review_cycles_status CHECK (status in ('draft', 'active', 'closed')), 
	CONSTRAINT ck_review_cycles_review_type CHECK (review_type in ('quarterly', 'annual', 'probation', 'promotion', 'performance_improvement')), 
	CONSTRAINT ck_review_cycles_stage_dates_in_order CHECK ((self_due is null or self_due <= review_due) and (feedback_due is null or feedback_due <= review_due) and (acknowledge_due is null or acknowledge_due >= review_due)), 
	CONSTRAINT uq_review_cycles_name UNIQUE (name), 
	CONSTRAINT fk_review_cycles_template_id_review_templates FOREIGN KEY(template_id) REFERENCES review_templates (id) ON DELETE RESTRICT, 
	CONSTRAINT fk_review_cycles_self_template_id_review_templates FOREIGN KEY(self_template_id) REFERENCES review_templates (id) ON DELETE RESTRICT, 
	CONSTRAINT fk_review_cycles_created_by_user_id_users FOREIGN KEY(created_by_user_id) REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX ix_review_cycles_template_id ON review_cycles (template_id);
CREATE TABLE reviews (
	id SERIAL NOT NULL, 
	employee_id INTEGER NOT NULL, 
	template_id INTEGER NOT NULL, 
	review_type VARCHAR(30) NOT NULL, 
	status VARCHAR(20) DEFAULT 'pending' NOT NULL, 
	responses JSONB DEFAULT '{}' NOT NULL, 
	rating SMALLINT, 
	reviewer_notes TEXT, 
	due_date DATE NOT NULL, 
	completed_at TIMESTAMP WITH TIME ZONE, 
	first_completed_at TIMESTAMP WITH TIME ZONE, 
	questions JSONB, 
	questions_version INTEGER, 
	cycle_id INTEGER, 
	reviewer_user_id VARCHAR(64), 
	self_responses JSONB, 
	self_submitted_at TIMESTAMP WITH TIME ZONE, 
	shared_at TIMESTAMP WITH TIME ZONE, 
	acknowledged_at TIMESTAMP WITH TIME ZONE, 
	acknowledgement_comment TEXT, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_reviews PRIMARY KEY (id), 
	CONSTRAINT ck_reviews_review_type CHECK (review_type in ('quarterly', 'annual', 'probation', 'promotion', 'performance_improvement')), 
	CONSTRAINT ck_reviews_status CHECK (status in ('pending', 'in_progress', 'completed')), 
	CONSTRAINT ck_reviews_rating_range CHECK (rating between 1 and 5), 
	CONSTRAINT uq_reviews_cycle_employee UNIQUE (cycle_id, employee_id), 
	CONSTRAINT ck_reviews_acknowledged_when_shared CHECK (acknowledged_at is null or shared_at is not null), 
	CONSTRAINT fk_reviews_employee_id_employees FOREIGN KEY(employee_id) REFERENCES employees (id) ON DELETE CASCADE, 
	CONSTRAINT fk_reviews_template_id_review_templates FOREIGN KEY(template_id) REFERENCES review_templates (id) ON DELETE RESTRICT, 
	CONSTRAINT fk_reviews_cycle_id_review_cycles FOREIGN KEY(cycle_id) REFERENCES review_cycles (id) ON DELETE RESTRICT, 
	CONSTRAINT fk_reviews_reviewer_user_id_users FOREIGN KEY(reviewer_user_id) REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX ix_reviews_completed_at ON reviews (completed_at) WHERE status = 'completed';
CREATE INDEX ix_reviews_completed_rating ON reviews (rating) WHERE status = 'completed';
CREATE INDEX ix_reviews_employee_id ON reviews (employee_id);
CREATE INDEX ix_reviews_open_due_date ON reviews (due_date) INCLUDE (employee_id) WHERE status <> 'completed';
CREATE INDEX ix_reviews_open_employee ON reviews (employee_id) WHERE status <> 'completed';
CREATE INDEX ix_reviews_reviewer ON reviews (reviewer_user_id) WHERE reviewer_user_id is not null;
CREATE INDEX ix_reviews_status_due_date ON reviews (status, due_date);
CREATE INDEX ix_reviews_template_id ON reviews (template_id);
CREATE TABLE feedback_requests (
	id SERIAL NOT NULL, 
	review_id INTEGER NOT NULL, 
	employee_id INTEGER NOT NULL, 
	kind VARCHAR(10) NOT NULL, 
	requested_by_user_id VARCHAR(64), 
	requested_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	answered_at TIMESTAMP WITH TIME ZONE, 
	rating SMALLINT, 
	comment TEXT, 
	CONSTRAINT pk_feedback_requests PRIMARY KEY (id), 
	CONSTRAINT uq_feedback_requests_review_employee UNIQUE (review_id, employee_id), 
	CONSTRAINT ck_feedback_requests_kind CHECK (kind in ('peer', 'upward')), 
	CONSTRAINT ck_feedback_requests_rating_range CHECK (rating between 1 and 5), 
	CONSTRAINT ck_feedback_requests_answered_with_rating CHECK ((answered_at is null) = (rating is null)), 
	CONSTRAINT fk_feedback_requests_review_id_reviews FOREIGN KEY(review_id) REFERENCES reviews (id) ON DELETE CASCADE, 
	CONSTRAINT fk_feedback_requests_employee_id_employees FOREIGN KEY(employee_id) REFERENCES employees (id) ON DELETE CASCADE, 
	CONSTRAINT fk_feedback_requests_requested_by_user_id_users FOREIGN KEY(requested_by_user_id) REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX ix_feedback_requests_open_employee ON feedback_requests (employee_id) WHERE answered_at is null;
CREATE TABLE notifications (
	id BIGINT GENERATED ALWAYS AS IDENTITY, 
	user_id VARCHAR(64) NOT NULL, 
	kind VARCHAR(40) NOT NULL, 
	title VARCHAR(200) NOT NULL, 
	body VARCHAR(1000) NOT NULL, 
	link VARCHAR(300), 
	review_id INTEGER, 
	dedupe_key VARCHAR(200) NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	read_at TIMESTAMP WITH TIME ZONE, 
	mail_state VARCHAR(10) DEFAULT 'pending' NOT NULL, 
	mailed_at TIMESTAMP WITH TIME ZONE, 
	CONSTRAINT pk_notifications PRIMARY KEY (id), 
	CONSTRAINT ck_notifications_kind CHECK (kind in ('review_assigned', 'self_review_requested', 'feedback_requested', 'review_due_soon', 'review_overdue', 'review_shared', 'review_acknowledged', 'certification_expiring')), 
	CONSTRAINT ck_notifications_mail_state CHECK (mail_state in ('pending', 'sent', 'skipped')), 
	CONSTRAINT fk_notifications_user_id_users FOREIGN KEY(user_id) REFERENCES users (id) ON DELETE CASCADE, 
	CONSTRAINT fk_notifications_review_id_reviews FOREIGN KEY(review_id) REFERENCES reviews (id) ON DELETE CASCADE, 
	CONSTRAINT uq_notifications_dedupe_key UNIQUE (dedupe_key)
);
CREATE INDEX ix_notifications_mail_pending ON notifications (created_at) WHERE mail_state = 'pending';
CREATE INDEX ix_notifications_review_id ON notifications (review_id);
CREATE INDEX ix_notifications_unread ON notifications (user_id) WHERE read_at is null;
CREATE INDEX ix_notifications_user_created ON notifications (user_id, created_at);
CREATE TABLE reminders (
	id SERIAL NOT NULL, 
	employee_id INTEGER NOT NULL, 
	review_id INTEGER, 
	certification_id INTEGER, 
	type VARCHAR(30) NOT NULL, 
	message TEXT NOT NULL, 
	due_date DATE, 
	is_read BOOLEAN DEFAULT 'false' NOT NULL, 
	created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL, 
	CONSTRAINT pk_reminders PRIMARY KEY (id), 
	CONSTRAINT ck_reminders_type CHECK (type in ('review_due', 'review_overdue', 'certification_expiring', 'certification_expired')), 
	CONSTRAINT fk_reminders_employee_id_employees FOREIGN KEY(employee_id) REFERENCES employees (id) ON DELETE CASCADE, 
	CONSTRAINT fk_reminders_review_id_reviews FOREIGN KEY(review_id) REFERENCES reviews (id) ON DELETE CASCADE, 
	CONSTRAINT fk_reminders_certification_id_employee_certifications FOREIGN KEY(certification_id) REFERENCES employee_certifications (id) ON DELETE CASCADE
);
CREATE INDEX ix_reminders_certification_id ON reminders (certification_id);
CREATE INDEX ix_reminders_employee_id ON reminders (employee_id);
CREATE INDEX ix_reminders_review_id ON reminders (review_id);
CREATE UNIQUE INDEX uq_reminders_type_subject ON reminders (type, review_id, certification_id) NULLS NOT DISTINCT;
CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL, CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num));
INSERT INTO alembic_version (version_num) VALUES ('0006_review_cycles');
INSERT INTO departments (name, slug, description, is_default) VALUES ('Engineering', 'engineering', 'Software and product engineering', true), ('Sales', 'sales', 'New business and account management', true), ('Marketing', 'marketing', 'Brand, campaigns and communications', true), ('Human Resources', 'human-resources', 'People operations and talent', true), ('Finance', 'finance', 'Accounting, payroll and planning', true), ('Operations', 'operations', 'Facilities, logistics and support', true);
INSERT INTO review_templates (name, description, questions, questions_version, is_default) VALUES ('Standard Performance Review', 'A balanced quarterly review covering results, skills and growth.', CAST('[{"id": "q1", "question": "Overall job performance", "type": "rating", "required": true, "scale": 5}, {"id": "q2", "question": "What were this person''s most important achievements?", "type": "text", "required": true}, {"id": "q3", "question": "Where should this person focus to grow next quarter?", "type": "text", "required": false}, {"id": "q4", "question": "How well does this person collaborate with the team?", "type": "rating", "required": true, "scale": 5}, {"id": "q5", "question": "Did this person meet the goals set for this period?", "type": "yes-no", "required": true}]' AS JSONB), 1, true);
INSERT INTO review_templates (name, description, questions, questions_version, is_default) VALUES ('Self-Review', 'The employee''s own look back at the period, written before the review.', CAST('[{"id": "q1", "question": "What were your most important achievements this period?", "type": "text", "required": true}, {"id": "q2", "question": "What went less well, and what did you learn from it?", "type": "text", "required": true}, {"id": "q3", "question": "What goals do you set yourself for the next period?", "type": "text", "required": true}, {"id": "q4", "question": "What support do you need from your manager or the team?", "type": "text", "required": false}, {"id": "q5", "question": "How would you rate your own performance this period?", "type": "rating", "required": true, "scale": 5}]' AS JSONB), 1, false);
