"""The developer loop: rules and mod scripts reloaded from their files while the table stays live."""
