# The compile rule, read after every module.mk so that the generated
# headers they declare exist before the first object is compiled.

$(BUILD)/obj/%.o: %.c $(BUILD)/flags.stamp | $(GENERATED_HEADERS)
	$(call quiet,CC,$<)mkdir -p $(@D) && \
	  $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

-include $(ALL_OBJS:.o=.d)
