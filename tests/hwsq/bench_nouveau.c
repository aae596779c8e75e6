/* make bench: the table of docs/hwsq.md ("The SDK's scripts against
 * nouveau's builder"): for every board, the bytes and the elapsed time
 * of the SDK script and of nouveau's program for the same board, both
 * run on the emulator (FB_PAUSE answered after 3 us, vertical blank at
 * 5 us). Fails when a script does not match nouveau (the test says
 * where). */
#include <stdio.h>
#include <stdlib.h>

#include "nvcompare.h"

int main(void)
{
	const char *root;
	char *why = NULL;
	struct rnn_db *db = nvc_open(&root, &why);
	int status = 0;
	printf("| script | board | family | SDK bytes | nouveau bytes | code RAM | SDK time | "
	       "nouveau time | delays asked | SDK waits | nouveau waits |\n");
	printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
	struct nv_boards bs;
	nv_boards_load(root, &bs);
	for (size_t i = 0; i < bs.count; i++) {
		const struct nv_board *b = &bs.items[i];
		if (b->model_error || !b->sdk_header)
			continue;
		struct hwsq_names names;
		nvc_board_names(db, b, &names);
		struct nvc_result r;
		nvc_compare(b, root, &names, &r);
		if (nvm_words(&r.model) > hwsq_family_info(r.family)->ram_size / 4 && !r.compiled) {
			/* both refuse it: test_nouveau checks that */
			printf("| %s | %s | %s | - | %zu | %u | over the code RAM: nouveau and "
			       "hwsq-as refuse it |||||\n",
			       b->script, b->header, b->chip, r.nv_bytes,
			       hwsq_family_info(r.family)->ram_size);
			nvc_result_free(&r);
			hwsq_names_free(&names);
			continue;
		}
		bool same = r.built && r.compiled &&
			    nvc_first_difference(&r.sdk, &r.want) == SIZE_MAX &&
			    nvc_first_short_delay(&r.sdk, &r.want) == SIZE_MAX &&
			    nvc_first_long_delay(&r.sdk, &r.want) == SIZE_MAX &&
			    r.sdk_bytes <= r.nv_bytes + 4 * r.nv_delays;
		if (!same)
			status = 1;
		printf("| %s | %s | %s | %zu | %zu | %u | %llu us | %llu us | %llu us | %llu us | "
		       "%llu us |%s\n",
		       b->script, b->header, b->chip, r.sdk_bytes, r.nv_bytes,
		       hwsq_family_info(r.family)->ram_size,
		       (unsigned long long)r.sdk.end_ns / 1000,
		       (unsigned long long)r.nv.end_ns / 1000,
		       (unsigned long long)r.asked_ns / 1000, (unsigned long long)r.sdk_encoded_us,
		       (unsigned long long)r.nv_encoded_us, same ? "" : " MISMATCH");
		nvc_result_free(&r);
		hwsq_names_free(&names);
	}
	nv_boards_free(&bs);
	hwsq_names_close_db(db);
	free(why);
	return status;
}
